import { useState, type FormEvent } from 'react';
import { useI18n } from '../../../lib/i18n';
import { PLATFORMS, WINDOWS, type HotspotFilters, type PlatformFilter } from '../query';

interface Props {
  value: HotspotFilters;
  onChange: (next: HotspotFilters) => void;
  platform?: boolean;
  window?: boolean;
  keyword?: boolean;
}

const PLATFORM_CHOICES: readonly PlatformFilter[] = ['all', ...PLATFORMS];

/**
 * Platform, window and keyword; each change is a new query, so the list
 * starts again at page 1. On a phone the row scrolls sideways.
 */
export function HotspotFilterBar({ value, onChange, platform = true, window = true, keyword = true }: Props) {
  const { t } = useI18n();
  const set = (patch: Partial<HotspotFilters>) => onChange({ ...value, ...patch });
  return (
    <div className="hotspot-filters" data-testid="hotspot-filters">
      {platform && (
        <div className="hotspot-chips" role="group" aria-label={t('hot.filter.platform')}>
          {PLATFORM_CHOICES.map((p) => (
            <button
              key={p}
              type="button"
              className={value.platform === p ? 'chip active' : 'chip'}
              aria-pressed={value.platform === p}
              data-testid={`hotspot-platform-${p}`}
              onClick={() => set({ platform: p })}
            >
              {p === 'all' ? t('hot.platform.all') : t(`hot.platform.${p}`)}
            </button>
          ))}
        </div>
      )}
      {window && (
        <div className="hotspot-chips" role="group" aria-label={t('hot.filter.window')}>
          {WINDOWS.map((w) => (
            <button
              key={w}
              type="button"
              className={value.windowHours === w ? 'chip active' : 'chip'}
              aria-pressed={value.windowHours === w}
              data-testid={`hotspot-window-${w}`}
              onClick={() => set({ windowHours: w })}
            >
              {t(`hot.window.${w}`)}
            </button>
          ))}
        </div>
      )}
      {keyword && <KeywordSearch value={value.keyword} onSearch={(k) => set({ keyword: k })} />}
    </div>
  );
}

/** The keyword is asked for on Enter or the search button, not on every key. */
function KeywordSearch({ value, onSearch }: { value: string; onSearch: (keyword: string) => void }) {
  const { t } = useI18n();
  const [draft, setDraft] = useState(value);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(draft.trim());
  };
  return (
    <form className="hotspot-search" role="search" onSubmit={submit}>
      <input
        type="search"
        value={draft}
        maxLength={50}
        placeholder={t('hot.filter.keyword')}
        aria-label={t('hot.filter.keyword')}
        data-testid="hotspot-keyword"
        onChange={(e) => {
          setDraft(e.target.value);
          // Clearing the box (its × too) shows everything again.
          if (e.target.value === '' && value !== '') onSearch('');
        }}
      />
      <button type="submit" className="button small" data-testid="hotspot-search">
        {t('hot.filter.search')}
      </button>
    </form>
  );
}
