import { useI18n } from '../../../lib/i18n';
import type { CalendarDay } from '../api/calendar';
import { lunarLabel } from '../names';
import { EntryChip, HolidayBadge } from './EntryChip';

interface Props {
  day: CalendarDay;
  today: boolean;
  selected: boolean;
  /** Chips shown before "n more" (the detail panel lists them all). */
  maxChips: number;
  onSelect: (date: string) => void;
}

/** One day of the month grid; a day with entries opens its detail. */
export function DayCell({ day, today, selected, maxChips, onSelect }: Props) {
  const { t } = useI18n();
  const shown = day.entries.slice(0, maxChips);
  const hidden = day.entries.length - shown.length;
  const classes = ['calendar-cell'];
  if (today) classes.push('today');
  if (selected) classes.push('selected');
  if (day.holiday) classes.push(day.holiday.off ? 'holiday-off' : 'holiday-work');
  const body = (
    <>
      <span className="calendar-cell-head">
        <span className="calendar-day-number">{day.day}</span>
        {day.holiday && <HolidayBadge holiday={day.holiday} />}
      </span>
      <span className="calendar-lunar" data-testid="calendar-lunar" title={t('calendar.lunar', { date: day.lunarDate })}>
        {lunarLabel(day.lunarDate)}
      </span>
      <span className="calendar-chips">
        {shown.map((e) => (
          <EntryChip key={`${e.kind}-${e.name}`} entry={e} />
        ))}
        {hidden > 0 && <span className="calendar-more muted small">{t('calendar.more', { n: hidden })}</span>}
      </span>
    </>
  );
  const common = { className: classes.join(' '), 'data-testid': `calendar-day-${day.date}`, 'data-date': day.date };
  if (day.entries.length === 0) return <div {...common} aria-current={today ? 'date' : undefined}>{body}</div>;
  return (
    <button type="button" {...common} aria-current={today ? 'date' : undefined} aria-pressed={selected} onClick={() => onSelect(day.date)}>
      {body}
    </button>
  );
}
