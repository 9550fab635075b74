import { useState } from 'react';
import { useI18n } from '../../../lib/i18n';
import { presetOf, presetRange, rangeDays, rangeError, RANGE_PRESETS, utcDay, type DateRange } from '../range';

interface Props {
  value: DateRange;
  onChange: (range: DateRange) => void;
}

/** The presets and a custom from–to, applied only once valid (at most 366 days). */
export function RangePicker({ value, onChange }: Props) {
  const { t } = useI18n();
  const today = utcDay();
  const preset = presetOf(value, today);
  const [custom, setCustom] = useState(preset === null);
  const [draft, setDraft] = useState<DateRange>(value);
  const [error, setError] = useState<ReturnType<typeof rangeError>>(null);

  const apply = () => {
    const e = rangeError(draft);
    setError(e);
    if (!e) onChange(draft);
  };

  return (
    <div className="stats-range" role="group" aria-label={t('stats.range')}>
      <div className="stats-segmented">
        {RANGE_PRESETS.map((p) => (
          <button
            key={p}
            type="button"
            className={!custom && preset === p ? 'button active' : 'button'}
            aria-pressed={!custom && preset === p}
            data-testid={`stats-preset-${p}`}
            onClick={() => {
              setCustom(false);
              setError(null);
              const r = presetRange(p, today);
              setDraft(r);
              onChange(r);
            }}
          >
            {t(`stats.range.preset.${p}`)}
          </button>
        ))}
        <button type="button" className={custom ? 'button active' : 'button'} aria-pressed={custom} data-testid="stats-preset-custom" onClick={() => setCustom(true)}>
          {t('stats.range.custom')}
        </button>
      </div>
      {custom && (
        <div className="stats-custom">
          <label className="stats-date">
            <span className="muted">{t('stats.range.from')}</span>
            <input type="date" value={draft.from} max={today} data-testid="stats-from" onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
          </label>
          <label className="stats-date">
            <span className="muted">{t('stats.range.to')}</span>
            <input type="date" value={draft.to} max={today} data-testid="stats-to" onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
          </label>
          <button type="button" className="button primary" data-testid="stats-apply" onClick={apply}>
            {t('stats.range.apply')}
          </button>
          {error && (
            <p className="form-error" role="alert" data-testid="stats-range-error">
              {t(error)}
            </p>
          )}
        </div>
      )}
      <p className="muted stats-range-days" data-testid="stats-range-days">
        {t('stats.range.days', { from: value.from, to: value.to, n: rangeDays(value) })}
      </p>
    </div>
  );
}
