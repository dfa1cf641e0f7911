import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { useSession } from '../auth/AuthContext';
import { SessionSpinner } from '../auth/RequireAuth';
import { useDocumentMeta } from '../hooks/useDocumentMeta';

/**
 * An admin screen inside the sign-in guard: a spinner until the role check answers, then the screen
 * for an admin and the non-admin text for anyone else (a failed check counts as no rights, spec 8).
 * The server refuses a non-admin's calls whatever this shows (DECISIONS 11).
 */
export function AdminOnly({ children, otherwise }: { children: ReactNode; otherwise: ReactNode }) {
  const { isAdmin, roleKnown } = useSession();
  const { t } = useTranslation('admin');
  if (!roleKnown) return <SessionSpinner label={t('checkingAccess')} />;
  return <>{isAdmin ? children : otherwise}</>;
}

/** A back-office page: its title, and for anyone but an admin only 'Admin access required'. */
export function AdminScreen({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('admin');
  useDocumentMeta(title);
  return (
    <AdminOnly
      otherwise={
        <div className="container page">
          <div className="state access-restricted">
            <h1 className="state__title">{t('adminRequired')}</h1>
          </div>
        </div>
      }
    >
      {children}
    </AdminOnly>
  );
}
