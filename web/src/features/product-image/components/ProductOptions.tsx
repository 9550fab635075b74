import { CheckboxField, CountSelect, RangeField, RatioSelect, SelectField } from '../../../components/OptionFields';
import { useI18n } from '../../../lib/i18n';
import { ErodeField } from '../../../components/ErodeField';
import { FORMATS, genNumOf, RATIOS, type ProductForm, type ProductLimits } from '../constants';

interface Props {
  form: ProductForm;
  /** The server's bounds; null while they load (the bounded controls wait). */
  limits: ProductLimits | null;
  onChange: (f: ProductForm) => void;
}

/** scale (0–100 → 1–1.6), erodeSize, ratio, format, genNum, reflection. */
export function ProductOptions({ form, limits, onChange }: Props) {
  const { t } = useI18n();
  const set =
    <K extends keyof ProductForm>(key: K) =>
    (value: ProductForm[K]) =>
      onChange({ ...form, [key]: value });
  return (
    <div className="options product-options" data-testid="product-options">
      <RangeField
        label={t('productImage.scale')}
        valueLabel={`×${(1 + (0.6 * form.scale) / 100).toFixed(2)}`}
        testId="option-scale"
        min={0}
        max={100}
        value={form.scale}
        onChange={set('scale')}
      />
      <ErodeField value={form.erodeSize} limits={limits} onChange={set('erodeSize')} />
      <RatioSelect label={t('productImage.ratio')} originalLabel={t('productImage.ratio.original')} options={RATIOS} value={form.ratio} onChange={set('ratio')} />
      <SelectField label={t('productImage.format')} testId="option-format" options={FORMATS} value={form.format} optionLabel={(f) => f.toUpperCase()} onChange={set('format')} />
      <CountSelect
        label={t('productImage.genNum')}
        testId="option-genNum"
        max={limits?.genNumMax ?? null}
        value={limits ? genNumOf(form, limits) : null}
        onChange={set('genNum')}
      />
      <CheckboxField label={t('productImage.reflection')} testId="option-reflection" checked={form.reflection} onChange={set('reflection')} />
    </div>
  );
}
