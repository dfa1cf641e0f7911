import { useTranslation } from '../i18n/use-translation';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { DESCRIPTION_LINES } from './display';

/**
 * Text clamped to `lines` lines, with a See more / See less toggle shown only when the text does
 * not fit. Overflow is measured in the browser, so it follows the real font and width.
 */
export function CollapsibleText({ text, lines, lang, dir }: { text: string; lines: (typeof DESCRIPTION_LINES)[keyof typeof DESCRIPTION_LINES]; lang?: string; dir?: 'rtl' | 'auto' }) {
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const id = useId();
  const { t } = useTranslation();

  const measure = useCallback(() => {
    const el = ref.current;
    if (!el || expanded) return;
    setOverflows(el.scrollHeight > el.clientHeight + 1);
  }, [expanded]);

  // After the paint, not before it: measured in a layout effect, the page was laid out again in
  // the middle of hydrating it, and the toggle drawn in a render of its own at once (a phone's
  // longest task after the first paint).
  useEffect(measure, [measure, text, lines]);

  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => measure());
    observer.observe(el);
    return () => observer.disconnect();
  }, [measure]);

  useEffect(() => setExpanded(false), [text]);

  return (
    <div className="collapsible">
      <div
        id={id}
        ref={ref}
        className={`collapsible__text ${expanded ? '' : 'collapsible__text--clamped'}`}
        // An attribute the style sheet reads, not an inline style: a page rendered on the server
        // carries it in its markup, where the content policy refuses inline styles.
        data-lines={lines}
        data-testid="description"
        lang={lang}
        dir={dir}
      >
        {text}
      </div>
      {overflows ? (
        <button
          type="button"
          className="collapsible__toggle"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((e) => !e)}
        >
          {expanded ? t('product.seeLess') : t('product.seeMore')}
        </button>
      ) : null}
    </div>
  );
}
