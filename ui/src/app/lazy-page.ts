import { createElement, lazy, useState, type ComponentType } from 'react';

/** A screen loaded on demand, which can also be loaded ahead (`preload`) and then renders at once. */
export interface LazyPage<P extends object> {
  (props: P): ReturnType<typeof createElement>;
  preload(): Promise<void>;
}

/**
 * React's `lazy`, plus `preload`: a page the server rendered is hydrated once its screen is loaded
 * (ui/src/main.tsx). Hydrated through `lazy` alone, the screen suspended while React met it, even
 * loaded, and the first update from above (the signed-in state, the currency) then threw its
 * server HTML away and drew it again: 200 ms in one task on a phone. The screen chosen at mount
 * stays for the life of the element, so a later preload never swaps it under the shopper.
 */
export const lazyPage = <P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyPage<P> => {
  let loaded: ComponentType<P> | undefined;
  const later = lazy(load);
  const Page = (props: P) => {
    const [screen] = useState<ComponentType<P>>(() => loaded ?? later);
    return createElement(screen, props);
  };
  return Object.assign(Page, {
    preload: () =>
      load().then((module) => {
        loaded = module.default;
      }),
  });
};
