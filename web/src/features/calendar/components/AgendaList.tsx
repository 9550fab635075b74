import { useI18n } from '../../../lib/i18n';
import type { CalendarDay } from '../api/calendar';
import { agendaDays } from '../grid';
import { DayEntries } from './DayEntries';

/** Phones: only the days with something on them, one under the other. */
export function AgendaList({ days, today }: { days: readonly CalendarDay[]; today: string }) {
  const { t } = useI18n();
  const shown = agendaDays(days);
  if (shown.length === 0) {
    return (
      <p className="muted calendar-state" data-testid="calendar-agenda-empty">
        {t('calendar.agendaEmpty')}
      </p>
    );
  }
  return (
    <ol className="calendar-agenda" data-testid="calendar-agenda">
      {shown.map((day) => {
        const classes = ['calendar-agenda-day'];
        if (day.date === today) classes.push('today');
        if (day.holiday) classes.push(day.holiday.off ? 'holiday-off' : 'holiday-work');
        return (
          <li key={day.date} className={classes.join(' ')} data-testid={`calendar-agenda-${day.date}`} aria-current={day.date === today ? 'date' : undefined}>
            <DayEntries day={day} />
          </li>
        );
      })}
    </ol>
  );
}
