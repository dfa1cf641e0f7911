import type { CSSProperties } from 'react';

/** A shimmering placeholder; purely decorative, so hidden from assistive technology. */
export function Skeleton({ className = '', style }: { className?: string; style?: CSSProperties }) {
  return <span aria-hidden="true" className={`skeleton ${className}`} style={style} />;
}
