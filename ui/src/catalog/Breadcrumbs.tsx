import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export interface Crumb {
  label: string;
  href?: string;
}

export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const { t } = useTranslation();
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
