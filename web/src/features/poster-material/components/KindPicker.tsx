import type { PosterAssetKind } from '../../../lib/api/posterAssets';
import { useI18n } from '../../../lib/i18n';

interface Props {
  value: PosterAssetKind;
  onChange: (kind: PosterAssetKind) => void;
  kinds: readonly PosterAssetKind[];
  testId: string;
  disabled?: boolean;
}

/** Image or logo, as two radio buttons (`{testId}-0`, `{testId}-1`). */
export function KindPicker({ value, onChange, kinds, testId, disabled }: Props) {
  const { t } = useI18n();
  return (
    <fieldset className="field material-kind-picker" data-testid={testId} disabled={disabled}>
      <legend>{t('material.add.kind')}</legend>
      {kinds.map((k) => (
        <label key={k} className="radio">
          <input type="radio" name={testId} data-testid={`${testId}-${k}`} checked={value === k} onChange={() => onChange(k)} />
          <span>{t(`material.kind.${k}`)}</span>
        </label>
      ))}
    </fieldset>
  );
}
