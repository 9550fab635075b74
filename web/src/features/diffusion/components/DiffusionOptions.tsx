import { CountSelect, RatioSelect } from '../../../components/OptionFields';
import { useI18n, type MessageKey } from '../../../lib/i18n';
import { RATIOS, TRYON_TYPES, type DiffusionForm, type DiffusionLimits, type DiffusionRoute } from '../constants';

interface Props {
  route: DiffusionRoute;
  form: DiffusionForm;
  /** The server's bounds; null while they load. */
  limits: DiffusionLimits | null;
  onChange: (f: DiffusionForm) => void;
}

/** genNum, ratio, the route's picture fields and, for try-on, tryonType. */
export function DiffusionOptions({ route, form, limits, onChange }: Props) {
  const { t } = useI18n();
  return (
    <div className="options diffusion-options" data-testid="diffusion-options">
      <CountSelect
        label={t('diffusion.genNum')}
        testId="option-genNum"
        max={limits?.genNumMax ?? null}
        value={form.genNum ?? limits?.genNumDefault ?? null}
        onChange={(genNum) => onChange({ ...form, genNum })}
      />
      <RatioSelect
        label={t('diffusion.ratio')}
        originalLabel={t('diffusion.ratio.original')}
        options={RATIOS}
        value={form.ratio}
        onChange={(ratio) => onChange({ ...form, ratio })}
      />
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
                onChange={() => onChange({ ...form, tryonType: tt })}
              />
              {t(`diffusion.tryonType.${tt}` as MessageKey)}
            </label>
          ))}
        </fieldset>
      )}
    </div>
  );
}
