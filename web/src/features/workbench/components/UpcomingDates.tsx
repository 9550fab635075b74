import { Link } from 'react-router';
import { useI18n, type Lang } from '../../../lib/i18n';
import { useCalendarMonths } from '../api/workbench';
import { localDay, monthsToLoad, upcomingDays, type UpcomingDay } from '../upcoming';
import { PanelState } from './PanelState';

function when(d: UpcomingDay, t: ReturnType<typeof useI18n>['t']): string {
  if (d.daysAway === 0) return t('workbench.calendar.today');
  if (d.daysAway === 1) return t('workbench.calendar.tomorrow');
  return t('workbench.calendar.inDays', { n: d.daysAway });
}

const monthDay = (date: string, lang: Lang) =>
  lang === 'zh' ? `${Number(date.slice(5, 7))}月${Number(date.slice(8, 10))}日` : date.slice(5);

/** Festivals, solar terms and platform dates from today through the 30th day. */
export function UpcomingDates() {
  const { t, lang } = useI18n();
  const today = localDay();
  const months = useCalendarMonths(monthsToLoad(today));
  const days = months.data ? upcomingDays(months.data, today) : [];
  return (
    <section className="panel workbench-panel" data-testid="workbench-calendar">
      <header className="workbench-panel-head">
        <h2 className="panel-title">{t('workbench.calendar')}</h2>
        <Link to="/content-calendar" data-testid="workbench-calendar-more">
          {t('workbench.calendar.more')}
        </Link>
      </header>
      {months.isError ? (
        <PanelState error onRetry={months.refetch} />
      ) : !months.data ? (
        <PanelState />
      ) : days.length === 0 ? (
        <p className="muted">{t('workbench.calendar.empty')}</p>
      ) : (
        <ul className="workbench-list">
          {days.map((d) => (
            <li key={d.date} className="workbench-date" data-testid="workbench-date" data-date={d.date}>
              <span className="workbench-date-day">
                <strong>{monthDay(d.date, lang)}</strong>
                <span className="muted">{when(d, t)}</span>
              </span>
              <span className="workbench-date-entries">
                {d.entries.map((e) => (
                  <span key={`${e.kind}-${e.name}`} className={`workbench-entry kind-${e.kind}`} title={(lang === 'en' && e.descriptionEn) || e.description || undefined}>
                    <span className="workbench-entry-kind">{t(`workbench.kind.${e.kind}`)}</span>
                    {lang === 'en' && e.nameEn ? e.nameEn : e.name}
                  </span>
                ))}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
