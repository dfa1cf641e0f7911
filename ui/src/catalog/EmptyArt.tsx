/** A small illustration for empty listings: an empty open book on a shelf. */
export function EmptyArt() {
  return (
    <svg className="state__art" viewBox="0 0 160 110" aria-hidden="true" focusable="false">
      <ellipse cx="80" cy="98" rx="62" ry="8" fill="#dfe7eb" />
      <path d="M20 24c20-8 40-6 60 6v62c-20-12-40-14-60-6z" fill="#ffffff" stroke="#0f5f6e" strokeWidth="3" />
      <path d="M140 24c-20-8-40-6-60 6v62c20-12 40-14 60-6z" fill="#ecf7f8" stroke="#0f5f6e" strokeWidth="3" />
      <path d="M32 40c12-3 24-2 36 4M32 52c12-3 24-2 36 4M92 44c12-6 24-7 36-4M92 56c12-6 24-7 36-4" stroke="#a7dce2" strokeWidth="3" strokeLinecap="round" fill="none" />
      <circle cx="124" cy="16" r="5" fill="#e0613c" />
      <circle cx="140" cy="8" r="3" fill="#a7dce2" />
    </svg>
  );
}
