import { useI18n, type MessageKey } from '../../../lib/i18n';
import type { CalendarKind } from '../api/calendar';
import { CalendarMonthView } from './CalendarMonthView';

interface PageProps {
  titleKey: MessageKey;
  subtitleKey: MessageKey;
  testId: string;
  initialTypes?: readonly CalendarKind[];
  emphasiseHolidays?: boolean;
}

function CalendarPage({ titleKey, subtitleKey, testId, initialTypes, emphasiseHolidays }: PageProps) {
  const { t } = useI18n();
  return (
    <div className="page calendar-page" data-testid={testId}>
      <header className="page-header">
        <h1>{t(titleKey)}</h1>
        <p className="muted">{t(subtitleKey)}</p>
      </header>
      <section className="panel">
        <CalendarMonthView initialTypes={initialTypes} emphasiseHolidays={emphasiseHolidays} />
      </section>
    </div>
  );
}

/** /content-calendar: the workbench's month of dates worth planning content for. */
export function ContentCalendarPage() {
  return <CalendarPage titleKey="route.content-calendar.title" subtitleKey="calendar.subtitle.content" testId="content-calendar-page" />;
}

/** /hot-calendar: the same month from the hot lists. */
export function HotCalendarPage() {
  return <CalendarPage titleKey="route.hot-calendar.title" subtitleKey="calendar.subtitle.hot" testId="hot-calendar-page" />;
}

/** Solar terms say little about when people travel; holidays and sales events do. */
const TRAVEL_TYPES: readonly CalendarKind[] = ['festival', 'platform_node'];

/** /month-calendar, travel events: the days off and make-up working days stand out. */
export function TravelCalendarPage() {
  return (
    <CalendarPage
      titleKey="route.month-calendar.title"
      subtitleKey="calendar.subtitle.travel"
      testId="month-calendar-page"
      initialTypes={TRAVEL_TYPES}
      emphasiseHolidays
    />
  );
}
