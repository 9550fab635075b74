import { Link } from 'react-router';
import { useI18n, type MessageKey } from '../../../lib/i18n';
import type { CalendarDay } from '../api/calendar';
import { mondayIndex } from '../grid';
import { contentLink, entryDescription, entryName, ideaLink } from '../names';
import { kindKey } from './CalendarFilters';
import { HolidayBadge } from './EntryChip';
import { monthNameKey } from './CalendarToolbar';

/** "2月17日 周二" / "Tue, February 17". */
export function useDayTitle(): (date: string) => string {
  const { t } = useI18n();
  return (date: string) => {
    const [, m, d] = date.split('-').map(Number);
    const weekday = t(`calendar.weekday.${mondayIndex(date) + 1}` as MessageKey);
    return t('calendar.dayTitle', { month: t(monthNameKey(m ?? 1)), day: d ?? 1, weekday });
  };
}

/** A day's heading (date, lunar date, 休/班) and its entries with their descriptions. */
export function DayEntries({ day }: { day: CalendarDay }) {
  const { t, lang } = useI18n();
  const title = useDayTitle();
  return (
    <>
      <div className="calendar-day-title">
        <strong>{title(day.date)}</strong>
        <span className="muted small">{t('calendar.lunar', { date: day.lunarDate })}</span>
        {day.holiday && <HolidayBadge holiday={day.holiday} />}
      </div>
      {day.entries.length > 0 && (
        <ul className="calendar-entries">
          {day.entries.map((e) => {
            const desc = entryDescription(e, lang);
            return (
              <li key={`${e.kind}-${e.name}`} className={`calendar-entry kind-${e.kind}`} data-testid="calendar-entry" data-kind={e.kind}>
                <span className="calendar-entry-name">{entryName(e, lang)}</span>
                <span className="calendar-entry-kind muted small">{t(kindKey(e.kind))}</span>
                {desc && <p className="calendar-entry-desc muted">{desc}</p>}
                <span className="calendar-entry-links">
                  <Link className="calendar-entry-plan" to={ideaLink(e, lang)} data-testid="calendar-entry-plan">
                    {t('calendar.planMarketing')}
                  </Link>
                  <Link className="calendar-entry-plan" to={contentLink(e, day.date, lang)} data-testid="calendar-entry-content">
                    {t('content.link.calendar')}
                  </Link>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
