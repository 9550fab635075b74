import type { ReactElement } from 'react';
import { useI18n, type MessageKey } from '../../../lib/i18n';
import { QR_SHAPES, type QrShape } from '../constants';

/**
 * A 5×5 sample of modules per shape, drawn the way the worker draws them:
 * square or round centres, or vertical runs joined into bars (rounded for
 * LONG_CIRCLE).
 */
const SAMPLE = ['10110', '10011', '11010', '01011', '11001'];

function ShapePreview({ shape }: { shape: QrShape }) {
  const cells: ReactElement[] = [];
  const dark = (x: number, y: number) => SAMPLE[y]?.[x] === '1';
  for (let x = 0; x < 5; x++) {
    for (let y = 0; y < 5; y++) {
      if (!dark(x, y)) continue;
      const key = `${x}-${y}`;
      if (shape === 'SQUARE') cells.push(<rect key={key} x={x * 10 + 2} y={y * 10 + 2} width={6} height={6} />);
      else if (shape === 'CIRCLE')
        cells.push(
          <g key={key}>
            <circle cx={x * 10 + 5} cy={y * 10 + 5} r={3.4} />
            <circle cx={x * 10 + 5} cy={y * 10 + 5} r={4.6} fill="none" strokeWidth={0.6} stroke="currentColor" opacity={0.5} />
          </g>,
        );
      else {
        // Draw a bar once, from the top of a vertical run.
        if (y > 0 && dark(x, y - 1)) continue;
        let end = y;
        while (end + 1 < 5 && dark(x, end + 1)) end++;
        const r = shape === 'LONG_CIRCLE' ? 3 : 0;
        cells.push(<rect key={key} x={x * 10 + 2} y={y * 10 + 2} width={6} height={(end - y) * 10 + 6} rx={r} ry={r} />);
      }
    }
  }
  return (
    <svg viewBox="0 0 50 50" width={50} height={50} aria-hidden="true" className="qr-shape-preview">
      <rect width={50} height={50} fill="#fff" />
      <g fill="currentColor">{cells}</g>
    </svg>
  );
}

export function ShapePicker({ value, onChange }: { value: QrShape; onChange: (s: QrShape) => void }) {
  const { t } = useI18n();
  return (
    <fieldset className="field qr-shapes" data-testid="qr-shape-picker">
      <legend>{t('qr.shape')}</legend>
      <div className="qr-shape-options" role="radiogroup">
        {QR_SHAPES.map((s) => (
          <button
            key={s}
            type="button"
            role="radio"
            aria-checked={value === s}
            className={value === s ? 'qr-shape selected' : 'qr-shape'}
            data-testid={`qr-shape-${s}`}
            onClick={() => onChange(s)}
          >
            <ShapePreview shape={s} />
            <span>{t(`qr.shape.${s}` as MessageKey)}</span>
          </button>
        ))}
      </div>
    </fieldset>
  );
}
