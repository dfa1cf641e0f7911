import { useSyncExternalStore } from 'react';
import { firstPageData, useServerRender } from '../app/rendered-page';

const subscribe = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};

/** Rendered apart from the server (tests, a page the browser renders alone): a desktop's. */
const DESKTOP_WIDTH = 1280;

/**
 * What a component takes from the window's inner width (a page size, phone or desktop: core rules
 * on it), re-rendering on resize only when that changes. The server renders for the width it
 * guessed (a phone's or a desktop's), and the browser hydrates with the same before it reads its
 * own: taking the width itself, a phone 412 px wide re-rendered the whole page at once after
 * hydrating it for the 375 px the server guessed, though nothing on it differed.
 */
export const useViewportWidth = <T extends number | boolean>(select: (width: number) => T): T => {
  const server = useServerRender();
  return useSyncExternalStore(
    subscribe,
    () => select(window.innerWidth),
    () => select(server?.width ?? firstPageData()?.width ?? DESKTOP_WIDTH),
  );
};
