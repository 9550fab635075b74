/** The not-found and no-permission images (inline SVG, brand-coloured). */
export function NotFoundImage() {
  return (
    <svg className="status-image" viewBox="0 0 240 160" role="img" aria-label="404" data-testid="not-found-image">
      <rect x="20" y="30" width="200" height="110" rx="14" fill="var(--primary-soft)" />
      <rect x="20" y="30" width="200" height="22" rx="11" fill="var(--primary)" opacity="0.85" />
      <circle cx="36" cy="41" r="4" fill="#fff" />
      <circle cx="50" cy="41" r="4" fill="#fff" />
      <circle cx="64" cy="41" r="4" fill="#fff" />
      <text x="120" y="112" textAnchor="middle" fontSize="46" fontWeight="700" fill="var(--primary)" fontFamily="sans-serif">
        404
      </text>
    </svg>
  );
}

export function ForbiddenImage() {
  return (
    <svg className="status-image" viewBox="0 0 240 160" role="img" aria-label="403" data-testid="forbidden-image">
      <circle cx="120" cy="84" r="62" fill="var(--primary-soft)" />
      <rect x="88" y="78" width="64" height="50" rx="8" fill="var(--primary)" />
      <path d="M100 78 v-14 a20 20 0 0 1 40 0 v14" fill="none" stroke="var(--primary)" strokeWidth="8" />
      <circle cx="120" cy="99" r="7" fill="#fff" />
      <rect x="117" y="102" width="6" height="14" rx="3" fill="#fff" />
      <text x="120" y="156" textAnchor="middle" fontSize="16" fontWeight="700" fill="var(--primary)" fontFamily="sans-serif">
        403
      </text>
    </svg>
  );
}

export function SoonImage() {
  return (
    <svg className="status-image" viewBox="0 0 240 160" role="img" aria-hidden="true">
      <circle cx="120" cy="80" r="62" fill="var(--primary-soft)" />
      <circle cx="120" cy="80" r="40" fill="none" stroke="var(--primary)" strokeWidth="8" />
      <path d="M120 56 v26 l16 10" fill="none" stroke="var(--primary)" strokeWidth="8" strokeLinecap="round" />
    </svg>
  );
}
