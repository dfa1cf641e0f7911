import { useEffect, useState } from 'react';
import { checkoutApi, type PaymentSettings } from '../api/checkout';

export type SettingsLoad = { status: 'loading' } | { status: 'error' } | { status: 'ready'; settings: PaymentSettings };

/** The registered providers (GET /api/payment/settings), once `needed`; `reload` asks again after a failure. */
export function usePaymentSettings(needed: boolean): { settings: SettingsLoad; reload: () => void } {
  const [settings, setSettings] = useState<SettingsLoad>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!needed) return;
    let current = true;
    setSettings({ status: 'loading' });
    checkoutApi.settings().then(
      (s) => current && setSettings({ status: 'ready', settings: s }),
      () => current && setSettings({ status: 'error' }),
    );
    return () => {
      current = false;
    };
  }, [needed, attempt]);
  return { settings, reload: () => setAttempt((a) => a + 1) };
}
