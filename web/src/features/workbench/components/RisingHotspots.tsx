import { Link } from 'react-router';
import { useI18n, type MessageKey } from '../../../lib/i18n';
import { useRisingHotspots } from '../api/workbench';
import { formatHeat } from '../../../lib/heat';
import { PanelState } from './PanelState';

/** Today's five fastest-rising topics; the hot list has the rest. */
export function RisingHotspots() {
  const { t, lang } = useI18n();
  const hotspots = useRisingHotspots();
  const list = hotspots.data ?? [];
  return (
    <section className="panel workbench-panel" data-testid="workbench-hotspots">
      <header className="workbench-panel-head">
        <h2 className="panel-title">{t('workbench.hotspots')}</h2>
        <Link to="/hot-topic-list" data-testid="workbench-hotspots-more">
          {t('workbench.hotspots.more')}
        </Link>
      </header>
      {hotspots.isError ? (
        <PanelState error onRetry={() => void hotspots.refetch()} />
      ) : hotspots.isPending ? (
        <PanelState />
      ) : list.length === 0 ? (
        <p className="muted">{t('workbench.hotspots.empty')}</p>
      ) : (
        <ol className="workbench-list">
          {list.map((h, i) => (
            <li key={h.id} className="workbench-hotspot" data-testid="workbench-hotspot">
              <span className="workbench-rank">{i + 1}</span>
              <span className="workbench-hotspot-main">
                {h.url ? (
                  <a href={h.url} target="_blank" rel="noopener noreferrer" className="workbench-hotspot-title" data-testid="workbench-hotspot-title">
                    {h.title}
                  </a>
                ) : (
                  <span className="workbench-hotspot-title" data-testid="workbench-hotspot-title">
                    {h.title}
                  </span>
                )}
                <span className="muted workbench-meta">
                  {t(`hot.platform.${h.platform}` as MessageKey)} · {h.sourceName} · {t('hot.heat', { n: formatHeat(h.heat, lang) })}
                </span>
              </span>
              {h.growth > 0 && <span className="workbench-growth">{t('workbench.hotspots.growth', { n: formatHeat(h.growth, lang) })}</span>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
