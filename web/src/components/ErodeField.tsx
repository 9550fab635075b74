import { RangeField } from './OptionFields';
import { useI18n } from '../lib/i18n';

interface Props {
  /** The merchant's choice; null or undefined until they move the slider. */
  value: number | null | undefined;
  /** The server's default and maximum; null while they load (the slider waits). */
  limits: { erodeDefault: number; erodeMax: number } | null;
  onChange: (value: number) => void;
}

/** Edge shrink of the cutout (erodeSize, px): product on background, batch copy and replication. */
export function ErodeField({ value, limits, onChange }: Props) {
  const { t } = useI18n();
  const erode = value ?? limits?.erodeDefault ?? null;
  return (
    <RangeField
      label={t('productImage.erode')}
      valueLabel={erode === null ? '' : `${erode}px`}
      testId="option-erode"
      min={0}
      max={limits?.erodeMax ?? 0}
      value={erode ?? 0}
      disabled={erode === null}
      onChange={onChange}
    />
  );
}
