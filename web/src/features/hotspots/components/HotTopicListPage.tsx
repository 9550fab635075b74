import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useI18n } from '../../../lib/i18n';
import { defaultFilters, HOT_MODES, HOT_TABS, isHotMode, isHotTab, tabList, type HotMode, type HotTab } from '../query';
import { CustomHotspotForm } from './CustomHotspotForm';
import { HotspotBrowser } from './HotspotBrowser';
import { HotspotFilterBar } from './HotspotFilterBar';
import { HotWordTable } from './HotWordTable';
import './hotspots.css';

interface Props {
  mobile?: boolean;
  /** The CALENDAR tab's month view: another feature's, so the app layer passes it in. */
  calendar?: ReactNode;
  pageSize?: number;
}

/**
 * /hot-topic-list: the hot tab (real-time hot, topic ranking, hot words),
 * the marketing calendar, popular content, the user's own saves, imports
 * and popular images. The tab and option live in the address (?tab=&mode=)
 * so a list can be linked; the filters carry over between tabs.
 */
export function HotTopicListPage({ mobile = false, calendar, pageSize }: Props) {
  const { t } = useI18n();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const modeParam = params.get('mode');
  const tab: HotTab = isHotTab(tabParam) ? tabParam : 'hot';
  const mode: HotMode = isHotMode(modeParam) ? modeParam : 'rising';
  const [filters, setFilters] = useState(() => defaultFilters());
  const go = (next: { tab?: HotTab; mode?: HotMode }) => {
    const p = new URLSearchParams(params);
    const nextTab = next.tab ?? tab;
    p.set('tab', nextTab);
    if (nextTab === 'hot') p.set('mode', next.mode ?? mode);
    else p.delete('mode');
    setParams(p, { replace: true });
  };
  const list = tabList(tab, mode);
  return (
    <div className={mobile ? 'page hotspot-page mobile' : 'page hotspot-page'} data-testid="hotspot-page">
      <header className="page-header">
        <h1>{t('route.hot-topic-list.title')}</h1>
        <p className="muted">{t('hot.subtitle')}</p>
      </header>
      <div className="tabs hotspot-tabs" role="tablist">
        {HOT_TABS.map((k) => (
          <button key={k} type="button" role="tab" aria-selected={tab === k} className={tab === k ? 'tab active' : 'tab'} data-testid={`hotspot-tab-${k}`} onClick={() => go({ tab: k })}>
            {t(`hot.tab.${k}`)}
          </button>
        ))}
      </div>
      {tab === 'hot' && (
        <div className="hotspot-modes" role="group" aria-label={t('hot.modes')}>
          {HOT_MODES.map((m) => (
            <button key={m} type="button" className={mode === m ? 'chip active' : 'chip'} aria-pressed={mode === m} data-testid={`hotspot-mode-${m}`} onClick={() => go({ mode: m })}>
              {t(`hot.mode.${m}`)}
            </button>
          ))}
        </div>
      )}
      {tab === 'CUSTOM' && <CustomHotspotForm />}
      {tab === 'CALENDAR' && <div className="hotspot-calendar">{calendar}</div>}
      {tab === 'hot' && mode === 'words' && (
        <section className="panel hotspot-browser">
          <HotspotFilterBar value={filters} onChange={setFilters} platform={false} keyword={false} />
          <HotWordTable windowHours={filters.windowHours} />
        </section>
      )}
      {list && <HotspotBrowser list={list} filters={filters} onFiltersChange={setFilters} mobile={mobile} pageSize={pageSize} />}
    </div>
  );
}
