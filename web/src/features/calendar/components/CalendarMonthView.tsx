import { useMemo, useState } from 'react';
import { useI18n } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { CALENDAR_KINDS, useCalendarMonth, type CalendarKind } from '../api/calendar';
import { isoDate } from '../grid';
import { useDebouncedValue } from '../useDebouncedValue';
import { useNarrow } from '../useNarrow';
import { AgendaList } from './AgendaList';
import { CalendarFilters } from './CalendarFilters';
import { CalendarToolbar, type MonthCursor } from './CalendarToolbar';
import { DayDetail, DayDetailHint } from './DayDetail';
import { MonthGrid } from './MonthGrid';
import { SignInPrompt } from './SignInPrompt';
import './calendar.css';

/** The spec's wait after a change of year, month or kinds before the month loads. */
export const LOAD_DEBOUNCE_MS = 500;

interface Props {
  /** Inside another page (the hot list's tab): tighter cells, the detail below the grid. */
  compact?: boolean;
  /** Kinds ticked at first (default: all). */
  initialTypes?: readonly CalendarKind[];
  /** Travel events: days off and make-up working days stand out. */
  emphasiseHolidays?: boolean;
}

function thisMonth(): MonthCursor {
  const now = new Date();
  return { year: now.getFullYear(), month: now.getMonth() + 1 };
}

/**
 * A month of festivals, solar terms and platform sales events: a Monday-first
 * grid on wide screens, an agenda of the busy days on phones. Loads only for
 * a signed-in user.
 */
export function CalendarMonthView({ compact = false, initialTypes = CALENDAR_KINDS, emphasiseHolidays = false }: Props) {
  const { t } = useI18n();
  const { user, loading } = useSession();
  const narrow = useNarrow();
  const [cursor, setCursor] = useState<MonthCursor>(thisMonth);
  const [types, setTypes] = useState<readonly CalendarKind[]>(initialTypes);
  const [showDesc, setShowDesc] = useState(true);
  const [selected, setSelected] = useState<string | null>(null);

  const wanted = useMemo(() => ({ ...cursor, types }), [cursor, types]);
  const settled = useDebouncedValue(wanted, LOAD_DEBOUNCE_MS);
  const month = useCalendarMonth({ ...settled, showActivityDesc: showDesc }, !!user && settled.types.length > 0);

  const moveTo = (next: MonthCursor) => {
    setCursor(next);
    setSelected(null);
  };
  const today = isoDate(new Date());
  const data = month.data;
  // The previous month stays up, dimmed, until the new one arrives.
  const stale = !!data && (data.year !== cursor.year || data.month !== cursor.month || month.isPlaceholderData);
  const selectedDay = selected ? data?.list.find((d) => d.date === selected) : undefined;

  const classes = ['calendar'];
  if (compact) classes.push('compact');
  if (emphasiseHolidays) classes.push('travel');

  let body;
  if (loading) body = <p className="muted calendar-state">{t('app.loading')}</p>;
  else if (!user) body = <SignInPrompt />;
  else if (types.length === 0) body = <p className="muted calendar-state" data-testid="calendar-no-types">{t('calendar.noTypes')}</p>;
  else if (!data && month.isError) {
    body = (
      <div className="calendar-state" role="alert" data-testid="calendar-error">
        <p className="muted">{t('calendar.loadFailed')}</p>
        <button type="button" className="button small" data-testid="calendar-retry" onClick={() => void month.refetch()}>
          {t('calendar.retry')}
        </button>
      </div>
    );
  } else if (!data) body = <p className="muted calendar-state" data-testid="calendar-loading">{t('calendar.loading')}</p>;
  else if (narrow) body = <AgendaList days={data.list} today={today} />;
  else {
    body = (
      <div className="calendar-body">
        <MonthGrid days={data.list} today={today} selected={selected} maxChips={compact ? 2 : 3} onSelect={setSelected} />
        {selectedDay ? <DayDetail day={selectedDay} onClose={() => setSelected(null)} /> : !compact && <DayDetailHint />}
      </div>
    );
  }

  return (
    <section className={classes.join(' ')} data-testid="calendar" aria-busy={stale || month.isFetching} data-stale={stale || undefined}>
      <CalendarToolbar value={cursor} onChange={moveTo} onToday={() => moveTo(thisMonth())} />
      <CalendarFilters types={types} onTypes={setTypes} showDesc={showDesc} onShowDesc={setShowDesc} />
      {body}
    </section>
  );
}
