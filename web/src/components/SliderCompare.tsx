import { useState } from 'react';
import type { TaskResult } from '../lib/api/tasks';
import { useI18n } from '../lib/i18n';
import { BlobImage } from './BlobImage';

interface SliderCompareProps {
  /** The result as generated (its size sets the frame). */
  image: TaskResult;
  /** What is shown of it (a WebP thumbnail when there is one). */
  shown: TaskResult;
  alt: string;
  /** The original (an object URL), once known: then the slider appears. */
  before: string | null;
}

/**
 * A result with a before/after slider under it: the result fills the frame
 * and, once the slider moves, the original covers the part left of it.
 */
export function SliderCompare({ image, shown, alt, before }: SliderCompareProps) {
  const { t } = useI18n();
  // How much of the frame (from the right) the original leaves to the result.
  const [pos, setPos] = useState(100);
  return (
    <>
      <div className="compare" style={{ position: 'relative', aspectRatio: `${image.width} / ${image.height}` }}>
        <BlobImage
          url={shown.url}
          alt={alt}
          data-testid="result-image"
          className="compare-img"
          width={shown.width}
          height={shown.height}
          style={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
        />
        {before && pos < 100 && (
          <img
            className="compare-img compare-before"
            src={before}
            alt={t('result.before')}
            data-testid="before-image"
            style={{
              position: 'absolute',
              inset: 0,
              width: '100%',
              height: '100%',
              objectFit: 'contain',
              background: '#fff',
              clipPath: `inset(0 ${pos}% 0 0)`,
            }}
          />
        )}
      </div>
      {before && (
        <label className="compare-slider">
          <span>{t('result.before')}</span>
          <input
            type="range"
            min={0}
            max={100}
            value={100 - pos}
            aria-label={`${t('result.before')} / ${t('result.after')}`}
            data-testid="compare-slider"
            onChange={(e) => setPos(100 - Number(e.target.value))}
          />
          <span>{t('result.after')}</span>
        </label>
      )}
    </>
  );
}
