import { ASSET_IMAGE, ASSET_LOGO, ASSET_SCOPES } from '../../../lib/api/posterAssets';
import { useI18n } from '../../../lib/i18n';
import { hasFilters, isScope, NO_FILTERS, rangeValid, type KindFilter, type MaterialFilterState } from '../filters';

interface Props {
  value: MaterialFilterState;
  onChange: (next: MaterialFilterState) => void;
  /** Scope (mine / team) only means something in a tenant. */
  showScope: boolean;
}

const KINDS: readonly KindFilter[] = ['all', ASSET_IMAGE, ASSET_LOGO];

/** Kind, scope and the date range of the library; every change starts the list again at its first page. */
export function MaterialFilters({ value, onChange, showScope }: Props) {
  const { t } = useI18n();
  const set = (patch: Partial<MaterialFilterState>) => onChange({ ...value, ...patch });
  return (
    <div className="material-filters" data-testid="material-filters">
      <div className="segmented" role="group" aria-label={t('material.filter.kind')}>
        {KINDS.map((k) => (
          <button
            key={k}
            type="button"
            className={value.kind === k ? 'button small active' : 'button small'}
            aria-pressed={value.kind === k}
            data-testid={`material-kind-${k}`}
            onClick={() => set({ kind: k })}
          >
            {k === 'all' ? t('material.kind.all') : t(`material.kind.${k}`)}
          </button>
        ))}
      </div>
      {showScope && (
        <label className="field inline">
          <span>{t('material.filter.scope')}</span>
          <select data-testid="material-scope" value={value.scope} onChange={(e) => isScope(e.target.value) && set({ scope: e.target.value })}>
            {ASSET_SCOPES.map((s) => (
              <option key={s} value={s}>
                {t(`material.scope.${s}`)}
              </option>
            ))}
          </select>
        </label>
      )}
      <label className="field inline">
        <span>{t('material.filter.start')}</span>
        <input type="date" data-testid="material-start-date" value={value.start} max={value.end || undefined} onChange={(e) => set({ start: e.target.value })} />
      </label>
      <label className="field inline">
        <span>{t('material.filter.end')}</span>
        <input type="date" data-testid="material-end-date" value={value.end} min={value.start || undefined} onChange={(e) => set({ end: e.target.value })} />
      </label>
      {hasFilters(value) && (
        <button type="button" className="button small ghost" data-testid="material-clear" onClick={() => onChange(NO_FILTERS)}>
          {t('material.filter.clear')}
        </button>
      )}
      {!rangeValid(value) && (
        <p className="form-error" role="alert" data-testid="material-range-error">
          {t('material.filter.badRange')}
        </p>
      )}
    </div>
  );
}
