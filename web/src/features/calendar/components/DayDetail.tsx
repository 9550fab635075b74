import { useI18n } from '../../../lib/i18n';
import type { CalendarDay } from '../api/calendar';
import { DayEntries } from './DayEntries';

/** The chosen day's entries beside the grid. */
export function DayDetail({ day, onClose }: { day: CalendarDay; onClose: () => void }) {
  const { t } = useI18n();
  return (
    <aside className="calendar-detail panel" data-testid="calendar-detail" aria-live="polite">
      <button type="button" className="icon-button calendar-detail-close" data-testid="calendar-detail-close" aria-label={t('calendar.close')} onClick={onClose}>
        ×
      </button>
      <DayEntries day={day} />
    </aside>
  );
}

/**
 * Holds the detail's place until a day is chosen, so that choosing one does
 * not narrow the grid under the pointer.
 */
export function DayDetailHint() {
  const { t } = useI18n();
  return (
    <aside className="calendar-detail panel muted" data-testid="calendar-detail-hint">
      {t('calendar.pickDay')}
    </aside>
  );
}
