import { useTranslation } from '../i18n/use-translation';
import { Skeleton } from '../design/Skeleton';

/** Shown while a lazily loaded page arrives. */
export function PageSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="container page" role="status" aria-live="polite">
      <span className="visually-hidden">{t('loading')}</span>
      <Skeleton className="skeleton--title" />
      <Skeleton className="skeleton--text" style={{ width: '40%', marginBottom: '2rem' }} />
      <Skeleton className="skeleton--text" />
      <Skeleton className="skeleton--text" />
      <Skeleton className="skeleton--text" style={{ width: '80%' }} />
    </div>
  );
}
