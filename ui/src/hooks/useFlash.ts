import { useCallback, useEffect, useRef, useState } from 'react';

/** How long messages stay (spec 8 and 9). */
export const MESSAGE_MS = {
  error: 5000,
  passwordRules: 8000,
  welcome: 3000,
  resetLink: 9000,
  addedToCart: 5000,
  editorBanner: 5000,
} as const;

export interface Flash<T> {
  value: T | null;
  show: (value: T, ms: number) => void;
  clear: () => void;
}

/** A message that disappears by itself after the time it is shown with. */
export function useFlash<T = string>(): Flash<T> {
  const [value, setValue] = useState<T | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setValue(null);
  }, []);

  const show = useCallback((next: T, ms: number) => {
    clearTimeout(timer.current);
    setValue(() => next);
    timer.current = setTimeout(() => setValue(null), ms);
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);

  return { value, show, clear };
}
