import { useI18n, type MessageKey } from '../../../lib/i18n';
import { shiftMonth } from '../grid';

/** The years the API answers for. */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2100;
/** How many years either side of the shown one the year picker offers. */
const YEAR_SPAN = 10;

export interface MonthCursor {
  year: number;
  month: number;
}

interface Props {
  value: MonthCursor;
  onChange: (next: MonthCursor) => void;
  onToday: () => void;
}

export const monthNameKey = (month: number) => `calendar.monthName.${month}` as MessageKey;

const inRange = (c: MonthCursor) => c.year >= MIN_YEAR && c.year <= MAX_YEAR;

/** Previous/next month, the year and month pickers and a jump back to today. */
export function CalendarToolbar({ value, onChange, onToday }: Props) {
  const { t } = useI18n();
  const prev = shiftMonth(value.year, value.month, -1);
  const next = shiftMonth(value.year, value.month, 1);
  const years: number[] = [];
  for (let y = Math.max(MIN_YEAR, value.year - YEAR_SPAN); y <= Math.min(MAX_YEAR, value.year + YEAR_SPAN); y++) years.push(y);
  return (
    <div className="calendar-toolbar">
      <button type="button" className="button small" data-testid="calendar-prev" aria-label={t('calendar.prev')} disabled={!inRange(prev)} onClick={() => onChange(prev)}>
        ‹
      </button>
      <h2 className="calendar-heading" data-testid="calendar-heading">
        {t('calendar.heading', { year: value.year, month: t(monthNameKey(value.month)) })}
      </h2>
      <button type="button" className="button small" data-testid="calendar-next" aria-label={t('calendar.next')} disabled={!inRange(next)} onClick={() => onChange(next)}>
        ›
      </button>
      <select
        className="input"
        data-testid="calendar-year"
        aria-label={t('calendar.year')}
        value={value.year}
        onChange={(e) => onChange({ ...value, year: Number(e.target.value) })}
      >
        {years.map((y) => (
          <option key={y} value={y}>
            {t('calendar.yearOption', { year: y })}
          </option>
        ))}
      </select>
      <select
        className="input"
        data-testid="calendar-month"
        aria-label={t('calendar.month')}
        value={value.month}
        onChange={(e) => onChange({ ...value, month: Number(e.target.value) })}
      >
        {Array.from({ length: 12 }, (_, i) => i + 1).map((m) => (
          <option key={m} value={m}>
            {t(monthNameKey(m))}
          </option>
        ))}
      </select>
      <button type="button" className="button small ghost" data-testid="calendar-today" onClick={onToday}>
        {t('calendar.today')}
      </button>
    </div>
  );
}
