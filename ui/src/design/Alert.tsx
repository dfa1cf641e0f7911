import type { ReactNode } from 'react';

type Tone = 'info' | 'success' | 'warning' | 'error';

/** A message box; errors are announced immediately, other tones politely. */
export function Alert({ tone = 'info', children }: { tone?: Tone; children: ReactNode }) {
  return (
    <div className={`alert alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
