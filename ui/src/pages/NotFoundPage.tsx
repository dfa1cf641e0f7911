import { useTranslation } from '../i18n/use-translation';
import { Link } from 'react-router-dom';
import { useDocumentMeta } from '../hooks/useDocumentMeta';
import { useStatus } from '../app/rendered-page';

function LostToothArt() {
  const { t } = useTranslation();
  return (
    <svg className="not-found__art" viewBox="0 0 320 220" role="img" aria-labelledby="nf-art-title">
      <title id="nf-art-title">{t('notFound.art')}</title>
      <ellipse cx="160" cy="200" rx="120" ry="10" fill="#dfe7eb" />
      <g fontFamily="system-ui, sans-serif" fontWeight="800" fontSize="124" fill="#a7dce2" textAnchor="middle">
        <text x="62" y="168">4</text>
        <text x="258" y="168">4</text>
      </g>
      <g transform="translate(116 66)">
        <path
          d="M20 0C8 0 0 10 0 24c0 16 8 24 12 40 2 8 4 16 10 16s8-12 10-22c2-6 4-10 12-10s10 4 12 10c2 10 4 22 10 22s8-8 10-16c4-16 12-24 12-40C88 10 80 0 68 0 58 0 54 6 44 6S30 0 20 0z"
          fill="#ffffff"
          stroke="#0f5f6e"
          strokeWidth="4"
          transform="translate(0 24) scale(1 1.15)"
        />
        <circle cx="30" cy="48" r="4" fill="#0f5f6e" />
        <circle cx="58" cy="48" r="4" fill="#0f5f6e" />
        <path d="M34 64c6-4 14-4 20 0" stroke="#0f5f6e" strokeWidth="4" strokeLinecap="round" fill="none" />
        <text x="36" y="14" fontSize="30" fontWeight="800" fill="#e0613c" fontFamily="system-ui, sans-serif">
          ?
        </text>
      </g>
      <g transform="translate(196 150)">
        <circle cx="0" cy="0" r="16" fill="#ecf7f8" fillOpacity="0.85" stroke="#0f5f6e" strokeWidth="5" />
        <path d="M11 11l18 18" stroke="#0f5f6e" strokeWidth="7" strokeLinecap="round" />
      </g>
    </svg>
  );
}

export default function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentMeta(t('notFound.title'));
  useStatus(404);
  return (
    <div className="container page not-found">
      <LostToothArt />
      <h1 className="not-found__title">{t('notFound.title')}</h1>
      <p className="not-found__text">{t('notFound.goHome')}</p>
      <Link to="/" className="btn btn--lg">
        {t('notFound.home')}
      </Link>
    </div>
  );
}
