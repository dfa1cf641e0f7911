import { useSyncExternalStore } from 'react';
import { firstPageData, useServerRender } from '../app/rendered-page';

const subscribe = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};

/** Rendered apart from the server (tests, a page the browser renders alone): a desktop's. */
const DESKTOP_WIDTH = 1280;

/**
 * The window's inner width, re-rendering on resize; page sizes and layouts come from core rules on
 * it. The server renders for the width it guessed (a phone's or a desktop's), and the browser
 * hydrates with the same before it reads its own.
 */
export const useViewportWidth = (): number => {
  const server = useServerRender();
  return useSyncExternalStore(subscribe, () => window.innerWidth, () => server?.width ?? firstPageData()?.width ?? DESKTOP_WIDTH);
};
