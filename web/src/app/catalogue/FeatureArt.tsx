/**
 * One small picture per feature (inline SVG in the brand's colours), so a
 * merchant recognises a tool at a glance without sample photos that could
 * pass for results.
 */
import type { ReactNode } from 'react';
import type { FeaturePage } from './catalogue';

const P = 'var(--primary)';
const SOFT = 'var(--primary-soft)';
const INK = '#1d2129';

/** A product bottle, the recurring subject. */
function Bottle({ x = 32, y = 16, scale = 1, fill = '#f28c28' }: { x?: number; y?: number; scale?: number; fill?: string }) {
  return (
    <g transform={`translate(${x} ${y}) scale(${scale})`}>
      <rect x="-4" y="0" width="8" height="7" rx="1.5" fill={INK} opacity="0.8" />
      <rect x="-9" y="6" width="18" height="28" rx="5" fill={fill} />
      <rect x="-9" y="15" width="18" height="8" fill="#fff" opacity="0.75" />
    </g>
  );
}

function Checker() {
  const cells: ReactNode[] = [];
  for (let r = 0; r < 6; r++) {
    for (let c = 0; c < 6; c++) {
      if ((r + c) % 2 === 0) cells.push(<rect key={`${r}-${c}`} x={8 + c * 8} y={8 + r * 8} width="8" height="8" fill="#e3e6ee" />);
    }
  }
  return (
    <>
      <rect x="8" y="8" width="48" height="48" rx="4" fill="#fff" />
      {cells}
    </>
  );
}

const ART: Record<FeaturePage, () => ReactNode> = {
  cutout: () => (
    <>
      <Checker />
      <Bottle y={14} />
      <rect x="20" y="11" width="24" height="42" rx="4" fill="none" stroke={P} strokeWidth="1.5" strokeDasharray="3 2" />
    </>
  ),
  productImage: () => (
    <>
      <rect x="6" y="6" width="52" height="52" rx="8" fill={SOFT} />
      <ellipse cx="32" cy="51" rx="14" ry="3" fill={INK} opacity="0.15" />
      <Bottle y={15} />
    </>
  ),
  productBg: () => (
    <>
      <rect x="6" y="6" width="26" height="52" rx="8" fill={SOFT} />
      <rect x="32" y="6" width="26" height="52" rx="8" fill="#fde7d3" />
      <rect x="26" y="6" width="12" height="52" fill="#fde7d3" />
      <rect x="26" y="6" width="6" height="52" fill={SOFT} />
      <Bottle y={15} />
    </>
  ),
  batchCopyBg: () => (
    <>
      <rect x="18" y="4" width="40" height="40" rx="6" fill={SOFT} opacity="0.6" />
      <rect x="12" y="10" width="40" height="40" rx="6" fill={SOFT} opacity="0.8" />
      <rect x="6" y="16" width="40" height="42" rx="6" fill={SOFT} stroke={P} strokeWidth="1.5" />
      <Bottle x={26} y={20} scale={0.9} />
    </>
  ),
  rewriteBackground: () => (
    <>
      <rect x="4" y="14" width="24" height="30" rx="4" fill="#dcefe2" />
      <path d="M4 38 l8-9 6 6 4-4 6 7 v2 a4 4 0 0 1-4 4 h-16 a4 4 0 0 1-4-4z" fill="#6bb387" />
      <path d="M30 29 h6 m-3-3 l3 3 -3 3" stroke={P} strokeWidth="2" fill="none" strokeLinecap="round" />
      <rect x="38" y="10" width="24" height="42" rx="4" fill="#dcefe2" />
      <path d="M38 44 l8-9 6 6 4-4 6 7 v4 a4 4 0 0 1-4 4 h-16 a4 4 0 0 1-4-4z" fill="#6bb387" />
      <Bottle x={50} y={12} scale={0.75} />
    </>
  ),
  qrCode: () => (
    <>
      <rect x="8" y="8" width="48" height="48" rx="8" fill={SOFT} />
      {[
        [12, 12],
        [40, 12],
        [12, 40],
      ].map(([x, y]) => (
        <g key={`${x}-${y}`}>
          <rect x={x} y={y} width="12" height="12" rx="3" fill={P} />
          <rect x={x + 3} y={y + 3} width="6" height="6" rx="1.5" fill="#fff" />
        </g>
      ))}
      {[
        [28, 14],
        [32, 22],
        [28, 30],
        [36, 30],
        [44, 30],
        [30, 40],
        [40, 38],
        [46, 46],
        [36, 46],
        [16, 30],
      ].map(([x, y]) => (
        <circle key={`${x}-${y}`} cx={x} cy={y} r="2.6" fill={P} opacity="0.85" />
      ))}
    </>
  ),
  video: () => (
    <>
      <rect x="6" y="12" width="52" height="40" rx="6" fill={INK} opacity="0.85" />
      {[10, 20, 30, 40, 50].map((x) => (
        <rect key={x} x={x} y="14" width="4" height="4" rx="1" fill="#fff" opacity="0.6" />
      ))}
      {[10, 20, 30, 40, 50].map((x) => (
        <rect key={x} x={x} y="46" width="4" height="4" rx="1" fill="#fff" opacity="0.6" />
      ))}
      <path d="M27 24 l12 8 -12 8z" fill="#fff" />
    </>
  ),
  mannequin: () => (
    <>
      <rect x="6" y="6" width="52" height="52" rx="8" fill={SOFT} />
      <path d="M24 14 q8 6 16 0 l2 8 q-3 6 -1 12 l3 12 h-24 l3-12 q2-6 -1-12z" fill={P} opacity="0.85" />
      <rect x="31" y="46" width="2" height="8" fill={INK} />
      <rect x="25" y="53" width="14" height="2" rx="1" fill={INK} />
    </>
  ),
  modelPhoto: () => (
    <>
      <rect x="6" y="6" width="52" height="52" rx="8" fill={SOFT} />
      <circle cx="32" cy="24" r="8" fill="#f2c9a0" />
      <path d="M24 20 q8-10 16 0 q-2-4-8-5 q-6 1-8 5z" fill={INK} />
      <path d="M16 58 q0-18 16-18 q16 0 16 18z" fill={P} />
    </>
  ),
  shoes: () => (
    <>
      <rect x="6" y="6" width="52" height="52" rx="8" fill={SOFT} />
      <path d="M10 40 v-14 q0-2 2-2 h8 q2 6 10 8 l16 4 q6 2 6 6 v2 h-42z" fill={P} />
      <rect x="10" y="42" width="42" height="4" rx="2" fill={INK} opacity="0.8" />
      <path d="M24 30 l3 -2 M28 32 l3 -2" stroke="#fff" strokeWidth="1.5" strokeLinecap="round" />
    </>
  ),
  wig: () => (
    <>
      <rect x="6" y="6" width="52" height="52" rx="8" fill={SOFT} />
      <path d="M18 48 q-4-30 14-32 q18 2 14 32 h-5 q1-14-3-20 q-6 4-12 4 q-4 6-3 16z" fill="#7a4b2a" />
      <ellipse cx="32" cy="33" rx="8" ry="10" fill="#f2c9a0" />
      <path d="M24 28 q8-8 16 0 q-2-8-8-8 q-6 0-8 8z" fill="#7a4b2a" />
    </>
  ),
  customizedModels: () => (
    <>
      <rect x="6" y="6" width="52" height="52" rx="8" fill={SOFT} />
      <circle cx="28" cy="26" r="8" fill="#f2c9a0" />
      <path d="M12 58 q0-18 16-18 q16 0 16 18z" fill={P} />
      <path d="M48 12 l2 5 5 2 -5 2 -2 5 -2-5 -5-2 5-2z" fill="#f5b400" />
    </>
  ),
  customizedAnimal: () => (
    <>
      <rect x="6" y="6" width="52" height="52" rx="8" fill={SOFT} />
      <ellipse cx="32" cy="40" rx="10" ry="8" fill={P} />
      <ellipse cx="20" cy="28" rx="4" ry="5" fill={P} />
      <ellipse cx="28" cy="20" rx="4" ry="5" fill={P} />
      <ellipse cx="36" cy="20" rx="4" ry="5" fill={P} />
      <ellipse cx="44" cy="28" rx="4" ry="5" fill={P} />
    </>
  ),
  rewriteText: () => (
    <>
      <rect x="6" y="8" width="34" height="42" rx="6" fill="#fff" stroke={SOFT} strokeWidth="2" />
      <path d="M12 18 h22 M12 25 h18 M12 32 h22 M12 39 h12" stroke="#c5cde0" strokeWidth="3" strokeLinecap="round" />
      <rect x="26" y="16" width="32" height="40" rx="6" fill={SOFT} stroke={P} strokeWidth="1.5" />
      <path d="M32 26 h20 M32 33 h16 M32 40 h20 M32 47 h10" stroke={P} strokeWidth="3" strokeLinecap="round" />
      <path d="M44 6 l3 5 5 3 -5 3 -3 5 -3-5 -5-3 5-3z" fill="#f28c28" />
    </>
  ),
  rewriteArticle: () => (
    <>
      <rect x="8" y="6" width="40" height="52" rx="6" fill="#fff" stroke={SOFT} strokeWidth="2" />
      <rect x="14" y="12" width="28" height="12" rx="3" fill={SOFT} />
      <path d="M14 30 h28 M14 36 h28 M14 42 h20" stroke="#c5cde0" strokeWidth="3" strokeLinecap="round" />
      <path d="M40 38 l14 -14 5 5 -14 14 -7 2z" fill={P} />
      <path d="M22 50 q4-4 8 0 t8 0" stroke="#f28c28" strokeWidth="2" fill="none" strokeLinecap="round" />
    </>
  ),
  topicGenerate: () => (
    <>
      <circle cx="20" cy="20" r="12" fill={SOFT} />
      <path d="M20 12 v8 l6 4" stroke={P} strokeWidth="3" fill="none" strokeLinecap="round" />
      <rect x="26" y="22" width="32" height="36" rx="6" fill="#fff" stroke={P} strokeWidth="1.5" />
      <path d="M32 32 h20 M32 39 h16 M32 46 h20" stroke={P} strokeWidth="3" strokeLinecap="round" />
      <path d="M10 44 l3 5 5 3 -5 3 -3 5 -3-5 -5-3 5-3z" fill="#f28c28" />
    </>
  ),
  rewriteImage: () => (
    <>
      <rect x="6" y="10" width="30" height="40" rx="5" fill={SOFT} />
      <circle cx="15" cy="20" r="4" fill="#f5b400" />
      <path d="M8 44 l9-10 7 7 5-5 7 8z" fill={P} />
      <rect x="28" y="18" width="30" height="38" rx="6" fill="#fff" stroke={P} strokeWidth="1.5" />
      <path d="M34 28 h18 M34 35 h14 M34 42 h18" stroke={P} strokeWidth="3" strokeLinecap="round" />
      <path d="M50 6 l3 5 5 3 -5 3 -3 5 -3-5 -5-3 5-3z" fill="#f28c28" />
    </>
  ),
  rewriteVideo: () => (
    <>
      <rect x="6" y="10" width="32" height="26" rx="5" fill={P} />
      <path d="M18 17 l10 6 -10 6z" fill="#fff" />
      <path d="M10 42 q4-5 8 0 t8 0 t8 0" stroke="#f28c28" strokeWidth="2.5" fill="none" strokeLinecap="round" />
      <rect x="30" y="24" width="28" height="34" rx="6" fill="#fff" stroke={P} strokeWidth="1.5" />
      <path d="M36 33 h16 M36 40 h12 M36 47 h16" stroke={P} strokeWidth="3" strokeLinecap="round" />
    </>
  ),
  tryon: () => (
    <>
      <rect x="6" y="6" width="52" height="52" rx="8" fill={SOFT} />
      <path d="M32 10 a3 3 0 1 1 3 3 v3" stroke={INK} strokeWidth="1.5" fill="none" strokeLinecap="round" />
      <path d="M35 16 l-19 8 h38z" stroke={INK} strokeWidth="1.5" fill="none" strokeLinejoin="round" />
      <path d="M20 24 l-8 6 4 6 5-3 v21 h22 v-21 l5 3 4-6 -8-6 q-4 4 -12 4 q-8 0-12-4z" fill={P} />
    </>
  ),
};

/** The picture of a feature page. */
export function FeatureArt({ page, className }: { page: FeaturePage; className?: string }) {
  const Art = ART[page];
  return (
    <svg viewBox="0 0 64 64" className={className ? `feature-art ${className}` : 'feature-art'} aria-hidden="true" focusable="false" data-testid={`feature-art-${page}`}>
      <Art />
    </svg>
  );
}
