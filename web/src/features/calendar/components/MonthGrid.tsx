import { useI18n, type MessageKey } from '../../../lib/i18n';
import type { CalendarDay } from '../api/calendar';
import { monthWeeks } from '../grid';
import { DayCell } from './DayCell';

interface Props {
  days: readonly CalendarDay[];
  today: string;
  selected: string | null;
  maxChips: number;
  onSelect: (date: string) => void;
}

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7].map((n) => `calendar.weekday.${n}` as MessageKey);

/** The month as seven columns, Monday first. */
export function MonthGrid({ days, today, selected, maxChips, onSelect }: Props) {
  const { t } = useI18n();
  return (
    <div className="calendar-grid" role="grid" data-testid="calendar-grid">
      <div className="calendar-row calendar-weekdays" role="row">
        {WEEKDAYS.map((key, i) => (
          <span key={key} role="columnheader" className={i >= 5 ? 'weekend' : undefined}>
            {t(key)}
          </span>
        ))}
      </div>
      {monthWeeks(days).map((week, w) => (
        <div className="calendar-row" role="row" key={w}>
          {week.map((day, i) =>
            day ? (
              <div role="gridcell" key={day.date}>
                <DayCell day={day} today={day.date === today} selected={day.date === selected} maxChips={maxChips} onSelect={onSelect} />
              </div>
            ) : (
              <div role="gridcell" key={`blank-${i}`} className="calendar-blank" />
            ),
          )}
        </div>
      ))}
    </div>
  );
}
