import { useI18n, type MessageKey } from '../../../lib/i18n';
import { GEN_NUM_MAX, RATIOS, TRYON_TYPES, type DiffusionForm, type DiffusionRoute, type Ratio, type TryonType } from '../constants';

interface Props {
  route: DiffusionRoute;
  form: DiffusionForm;
  onChange: (f: DiffusionForm) => void;
}

/** genNum, ratio, the route's picture fields and, for try-on, tryonType. */
export function DiffusionOptions({ route, form, onChange }: Props) {
  const { t } = useI18n();
  const counts = Array.from({ length: GEN_NUM_MAX }, (_, i) => i + 1);
  return (
    <div className="options diffusion-options" data-testid="diffusion-options">
      <label className="field">
        <span>{t('diffusion.genNum')}</span>
        <select
          data-testid="option-genNum"
          value={form.genNum}
          onChange={(e) => onChange({ ...form, genNum: Number(e.target.value) })}
        >
          {counts.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>{t('diffusion.ratio')}</span>
        <select data-testid="option-ratio" value={form.ratio} onChange={(e) => onChange({ ...form, ratio: e.target.value as Ratio })}>
          {RATIOS.map((r) => (
            <option key={r} value={r}>
              {r === 'original' ? t('diffusion.ratio.original') : r}
            </option>
          ))}
        </select>
      </label>
      {route.fields.map((f) => (
        <label className="field" key={f}>
          <span>{t(`diffusion.field.${f}` as MessageKey)}</span>
          <input
            type="text"
            maxLength={30}
            data-testid={`option-${f}`}
            value={form.values[f] ?? ''}
            onChange={(e) => onChange({ ...form, values: { ...form.values, [f]: e.target.value } })}
          />
        </label>
      ))}
      {route.garment && (
        <fieldset className="field" data-testid="option-tryonType">
          <legend>{t('diffusion.tryonType')}</legend>
          {TRYON_TYPES.map((tt) => (
            <label key={tt}>
              <input
                type="radio"
                name="tryonType"
                value={tt}
                data-testid={`tryonType-${tt}`}
                checked={form.tryonType === tt}
                onChange={() => onChange({ ...form, tryonType: tt as TryonType })}
              />
              {t(`diffusion.tryonType.${tt}` as MessageKey)}
            </label>
          ))}
        </fieldset>
      )}
    </div>
  );
}
