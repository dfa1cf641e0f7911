import { useEffect, useState } from 'react';
import { checkoutApi, type PaymentSettings } from '../api/checkout';

export type SettingsLoad = { status: 'loading' } | { status: 'error' } | { status: 'ready'; settings: PaymentSettings };

/**
 * The registered providers (GET /api/payment/settings), once `needed`; `reload` asks again after a
 * failure; `answered` once a first answer or failure has come.
 */
export function usePaymentSettings(needed: boolean): { settings: SettingsLoad; reload: () => void; answered: boolean } {
  const [settings, setSettings] = useState<SettingsLoad>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [answered, setAnswered] = useState(false);
  useEffect(() => {
    if (!needed) return;
    let current = true;
    setSettings({ status: 'loading' });
    const settle = (load: SettingsLoad) => {
      if (!current) return;
      setSettings(load);
      setAnswered(true);
    };
    checkoutApi.settings().then(
      (s) => settle({ status: 'ready', settings: s }),
      () => settle({ status: 'error' }),
    );
    return () => {
      current = false;
    };
  }, [needed, attempt]);
  return { settings, reload: () => setAttempt((a) => a + 1), answered };
}
