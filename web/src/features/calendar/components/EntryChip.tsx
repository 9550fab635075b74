import { useI18n } from '../../../lib/i18n';
import type { CalendarEntry, HolidayMark } from '../api/calendar';
import { entryDescription, entryName } from '../names';

/** An entry's name, coloured by its kind; the name and description as its tooltip. */
export function EntryChip({ entry }: { entry: CalendarEntry }) {
  const { lang } = useI18n();
  const name = entryName(entry, lang);
  const desc = entryDescription(entry, lang);
  // A long (English) name is cut short in a narrow cell: the tooltip has it whole.
  return (
    <span className={`calendar-chip kind-${entry.kind}`} data-testid="calendar-chip" data-kind={entry.kind} title={desc ? `${name}: ${desc}` : name}>
      {name}
    </span>
  );
}

/** 休 for a statutory day off, 班 for a make-up working day. */
export function HolidayBadge({ holiday }: { holiday: HolidayMark }) {
  const { t } = useI18n();
  const title = t(holiday.off ? 'calendar.offTitle' : 'calendar.workTitle', { name: holiday.name });
  return (
    <span className={holiday.off ? 'calendar-badge off' : 'calendar-badge work'} data-testid="calendar-holiday" title={title} aria-label={title}>
      {t(holiday.off ? 'calendar.off' : 'calendar.work')}
    </span>
  );
}
