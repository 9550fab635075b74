import { useI18n, type MessageKey } from '../../../lib/i18n';
import { CALENDAR_KINDS, type CalendarKind } from '../api/calendar';

interface Props {
  types: readonly CalendarKind[];
  onTypes: (types: CalendarKind[]) => void;
  showDesc: boolean;
  onShowDesc: (on: boolean) => void;
}

export const kindKey = (kind: CalendarKind) => `calendar.kind.${kind}` as MessageKey;

/** Which kinds of entries to show, and whether to load their descriptions. */
export function CalendarFilters({ types, onTypes, showDesc, onShowDesc }: Props) {
  const { t } = useI18n();
  const toggle = (kind: CalendarKind, on: boolean) =>
    onTypes(CALENDAR_KINDS.filter((k) => (k === kind ? on : types.includes(k))));
  return (
    <div className="calendar-filters">
      <fieldset className="calendar-kinds">
        <legend className="muted">{t('calendar.types')}</legend>
        {CALENDAR_KINDS.map((kind) => (
          <label key={kind} className="checkbox">
            <input type="checkbox" data-testid={`calendar-kind-${kind}`} checked={types.includes(kind)} onChange={(e) => toggle(kind, e.target.checked)} />
            <span className={`calendar-swatch kind-${kind}`} aria-hidden="true" />
            {t(kindKey(kind))}
          </label>
        ))}
      </fieldset>
      <label className="checkbox">
        <input type="checkbox" data-testid="calendar-show-desc" checked={showDesc} onChange={(e) => onShowDesc(e.target.checked)} />
        {t('calendar.showDesc')}
      </label>
    </div>
  );
}
