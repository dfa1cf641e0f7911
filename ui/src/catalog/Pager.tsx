import { useTranslation } from '../i18n/use-translation';
import { Link, useLocation } from 'react-router-dom';

/** Page numbers to show: the first, the last and two around the current one, with gaps between. */
export function pageWindow(page: number, totalPages: number): (number | 'gap')[] {
  const wanted = new Set([1, totalPages, page - 1, page, page + 1].filter((p) => p >= 1 && p <= totalPages));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) out.push('gap');
    out.push(p);
  });
  return out;
}

/**
 * Links to other pages of a listing through `?page=`; other query parameters and the navigation
 * state (search results travel in it) are kept.
 */
export function Pager({
  page,
  totalPages,
  label,
  scrollToId,
}: {
  page: number;
  totalPages: number;
  label?: string;
  /** the element to bring into view after paging; the top of the page when absent */
  scrollToId?: string;
}) {
  const location = useLocation();
  const { t } = useTranslation();
  const onPage = () => {
    const target = scrollToId ? document.getElementById(scrollToId) : null;
    if (target) target.scrollIntoView?.({ block: 'start' });
    else window.scrollTo?.(0, 0);
  };
  if (totalPages <= 1) return null;
  const href = (p: number) => {
    const params = new URLSearchParams(location.search);
    params.set('page', String(p));
    return `${location.pathname}?${params.toString()}`;
  };
  const state: unknown = location.state;
  const edge = (p: number, text: string, disabled: boolean) =>
    disabled ? (
      <span className="pager__link" aria-disabled="true">
        {text}
      </span>
    ) : (
      <Link className="pager__link" to={href(p)} state={state} onClick={onPage}>
        {text}
      </Link>
    );
  return (
    <nav className="pager" aria-label={label ?? t('pager.label')}>
      <ul className="pager__list">
        <li>{edge(page - 1, t('pager.previous'), page <= 1)}</li>
        {pageWindow(page, totalPages).map((p, i) =>
          p === 'gap' ? (
            <li key={`gap-${i}`} className="pager__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              <Link
                className="pager__link"
                to={href(p)}
                state={state}
                onClick={onPage}
                aria-current={p === page ? 'page' : undefined}
                aria-label={t('pager.page', { page: p })}
              >
                {p}
              </Link>
            </li>
          ),
        )}
        <li>{edge(page + 1, t('pager.next'), page >= totalPages)}</li>
      </ul>
    </nav>
  );
}
