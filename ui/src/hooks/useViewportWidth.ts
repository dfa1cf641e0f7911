import { useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};

/** The window's inner width, re-rendering on resize; page sizes and layouts come from core rules on it. */
export const useViewportWidth = (): number => useSyncExternalStore(subscribe, () => window.innerWidth, () => 1280);
