import { useState } from 'react';
import { useI18n } from '../../../lib/i18n';

interface CompareViewProps {
  /** Original image (object URL), if known. */
  before: string | null;
  /** Cutout (object URL), once loaded. */
  after: string | null;
  width?: number;
  height?: number;
}

/**
 * Before/after view on a checkerboard: the cutout fills the frame, the
 * original covers the part left of the slider.
 */
export function CompareView({ before, after, width, height }: CompareViewProps) {
  const { t } = useI18n();
  const [pos, setPos] = useState(50);
  const aspect = width && height ? `${width} / ${height}` : '1 / 1';
  return (
    <div className="compare checkerboard" style={{ aspectRatio: aspect }} data-testid="compare-view">
      {after ? (
        <img className="compare-img" src={after} alt={t('cutout.after')} data-testid="result-image" />
      ) : (
        <div className="image-placeholder compare-img" aria-hidden="true" />
      )}
      {before && (
        <>
          <img
            className="compare-img compare-before"
            src={before}
            alt={t('cutout.before')}
            data-testid="before-image"
            style={{ clipPath: `inset(0 ${100 - pos}% 0 0)` }}
          />
          <div className="compare-divider" style={{ left: `${pos}%` }} aria-hidden="true" />
          <span className="compare-label left">{t('cutout.before')}</span>
          <span className="compare-label right">{t('cutout.after')}</span>
          <input
            className="compare-range"
            type="range"
            min={0}
            max={100}
            value={pos}
            aria-label={t('cutout.compare')}
            data-testid="compare-slider"
            onChange={(e) => setPos(Number(e.target.value))}
          />
        </>
      )}
    </div>
  );
}
