import { useI18n } from '../../../lib/i18n';
import { CUTOUT_MODELS, type CutoutModel } from '../constants';

interface ModelPickerProps {
  value: CutoutModel;
  onChange: (model: CutoutModel) => void;
}

export function ModelPicker({ value, onChange }: ModelPickerProps) {
  const { t } = useI18n();
  return (
    <fieldset className="field">
      <legend className="field-label">{t('cutout.model')}</legend>
      <div className="segmented" role="radiogroup">
        {CUTOUT_MODELS.map((m) => (
          <label key={m.id} className={value === m.id ? 'segment active' : 'segment'}>
            <input
              type="radio"
              name="cutout-model"
              value={m.id}
              checked={value === m.id}
              data-testid={`model-${m.id}`}
              onChange={() => onChange(m.id)}
            />
            <span>{t(m.label)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
