import { useI18n } from '../../../lib/i18n';
import { ERODE_MAX, FORMATS, GEN_NUM_MAX, RATIOS, type Format, type ProductForm, type Ratio } from '../constants';

interface Props {
  form: ProductForm;
  onChange: (f: ProductForm) => void;
}

/** scale (0–100 → 1–1.6), erodeSize, ratio, format, genNum, reflection. */
export function ProductOptions({ form, onChange }: Props) {
  const { t } = useI18n();
  const counts = Array.from({ length: GEN_NUM_MAX }, (_, i) => i + 1);
  return (
    <div className="options product-options" data-testid="product-options">
      <label className="field">
        <span>
          {t('productImage.scale')} ×{(1 + (0.6 * form.scale) / 100).toFixed(2)}
        </span>
        <input
          type="range"
          min={0}
          max={100}
          data-testid="option-scale"
          value={form.scale}
          onChange={(e) => onChange({ ...form, scale: Number(e.target.value) })}
        />
      </label>
      <label className="field">
        <span>
          {t('productImage.erode')} {form.erodeSize}px
        </span>
        <input
          type="range"
          min={0}
          max={ERODE_MAX}
          data-testid="option-erode"
          value={form.erodeSize}
          onChange={(e) => onChange({ ...form, erodeSize: Number(e.target.value) })}
        />
      </label>
      <label className="field">
        <span>{t('productImage.ratio')}</span>
        <select data-testid="option-ratio" value={form.ratio} onChange={(e) => onChange({ ...form, ratio: e.target.value as Ratio })}>
          {RATIOS.map((r) => (
            <option key={r} value={r}>
              {r === 'original' ? t('productImage.ratio.original') : r}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>{t('productImage.format')}</span>
        <select data-testid="option-format" value={form.format} onChange={(e) => onChange({ ...form, format: e.target.value as Format })}>
          {FORMATS.map((f) => (
            <option key={f} value={f}>
              {f.toUpperCase()}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>{t('productImage.genNum')}</span>
        <select data-testid="option-genNum" value={form.genNum} onChange={(e) => onChange({ ...form, genNum: Number(e.target.value) })}>
          {counts.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      <label className="field inline">
        <input
          type="checkbox"
          data-testid="option-reflection"
          checked={form.reflection}
          onChange={(e) => onChange({ ...form, reflection: e.target.checked })}
        />
        <span>{t('productImage.reflection')}</span>
      </label>
    </div>
  );
}
