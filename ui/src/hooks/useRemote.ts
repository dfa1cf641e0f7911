import { startTransition, useEffect, useState } from 'react';

export type Remote<T> =
  | { status: 'loading' }
  | { status: 'success'; data: T }
  | { status: 'error'; error: unknown };

/**
 * Loads data for a key, optionally waiting `debounceMs` first so that quick changes of the key (a
 * resize changing the page size, fast paging) make a single call. Stale answers are dropped.
 */
export function useRemote<T>(key: string, load: () => Promise<T>, debounceMs = 0): Remote<T> {
  const [state, setState] = useState<{ key: string; remote: Remote<T> }>({ key, remote: { status: 'loading' } });

  useEffect(() => {
    let current = true;
    setState((s) => (s.key === key && s.remote.status === 'loading' ? s : { key, remote: { status: 'loading' } }));
    // What arrives renders as a transition: React then renders it in slices, giving the browser
    // its turn between them, instead of one long task (a product page with its grids took 200 ms
    // and more on a phone's processor, blocking taps meanwhile).
    const settle = (remote: Remote<T>) => current && startTransition(() => setState({ key, remote }));
    const run = () =>
      load().then(
        (data) => settle({ status: 'success', data }),
        (error: unknown) => settle({ status: 'error', error }),
      );
    const timer = debounceMs > 0 ? setTimeout(run, debounceMs) : undefined;
    if (debounceMs <= 0) run();
    return () => {
      current = false;
      if (timer) clearTimeout(timer);
    };
    // `load` is recreated every render; the key says when it means something new.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, debounceMs]);

  return state.key === key ? state.remote : { status: 'loading' };
}
