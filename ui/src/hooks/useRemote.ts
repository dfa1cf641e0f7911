import { startTransition, use, useEffect, useRef, useState } from 'react';
import { firstRead, useServerRender, type Remote } from '../app/rendered-page';

export type { Remote };

/**
 * Loads data for a key, optionally waiting `debounceMs` first so that quick changes of the key (a
 * resize changing the page size, fast paging) make a single call. Stale answers are dropped.
 * On the server, the render waits for the read (rendered-page.ts); in the browser, a page the
 * server rendered starts from the read it was rendered from, and asks nothing more for that key.
 */
export function useRemote<T>(key: string, load: () => Promise<T>, debounceMs = 0): Remote<T> {
  const server = useServerRender();
  const rendered = server ? use(server.read(key, load)) : undefined;
  const [state, setState] = useState<{ key: string; remote: Remote<T> }>(() => ({ key, remote: rendered ?? firstRead<T>(key) ?? { status: 'loading' } }));
  /** The key the page came with an answer for: the first effect has nothing to fetch. */
  const given = useRef(state.remote.status === 'loading' ? undefined : key);

  useEffect(() => {
    if (given.current === key) return;
    given.current = undefined;
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

  if (rendered) return rendered;
  return state.key === key ? state.remote : { status: 'loading' };
}
