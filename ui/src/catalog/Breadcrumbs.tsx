import { useTranslation } from '../i18n/use-translation';
import { Link } from 'react-router-dom';
import { useServerRender } from '../app/rendered-page';

export interface Crumb {
  label: string;
  href?: string;
}

export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const { t } = useTranslation();
  const server = useServerRender();
  // The page's trail, for its structured data (BreadcrumbList).
  if (server) server.head.breadcrumbs = items;
  return (
    <nav aria-label={t('breadcrumb')} className="breadcrumbs">
      <ol>
        {items.map((c, i) => (
          <li key={`${c.label}-${i}`}>
            {c.href && i < items.length - 1 ? (
              <Link to={c.href} dir="auto">{c.label}</Link>
            ) : (
              <span aria-current={i === items.length - 1 ? 'page' : undefined} dir="auto">{c.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
