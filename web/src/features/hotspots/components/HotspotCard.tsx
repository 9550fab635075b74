import { useI18n } from '../../../lib/i18n';
import type { Hotspot, HotspotSort } from '../api/hotspots';
import { formatGrowth, formatHeat } from '../../../lib/heat';
import { DeleteHotspotButton } from './DeleteHotspotButton';
import { PlatformBadge } from './PlatformBadge';

interface Props {
  hotspot: Hotspot;
  /** Its place in the list as sorted (the source's own rank is in the detail). */
  position: number;
  sort: HotspotSort;
  onOpen: (id: string) => void;
  /** The CUSTOM tab: the caller's own saves can be deleted. */
  deletable?: boolean;
}

/** One hotspot in a list: opening it shows the detail; the link out goes to the source. */
export function HotspotCard({ hotspot: h, position, sort, onOpen, deletable = false }: Props) {
  const { t, lang } = useI18n();
  const growth = h.growth ?? 0;
  return (
    <li className="hotspot-card" data-testid="hotspot-card" data-hotspot-id={h.id}>
      <span className={position <= 3 ? 'hotspot-rank top' : 'hotspot-rank'} data-testid="hotspot-rank">
        {position}
      </span>
      <button type="button" className="hotspot-card-open" data-testid="hotspot-open" onClick={() => onOpen(h.id)}>
        <span className="hotspot-card-text">
          <span className="hotspot-title" data-testid="hotspot-title">
            {h.title}
          </span>
          {h.summary && <span className="hotspot-summary">{h.summary}</span>}
          <span className="hotspot-meta">
            <PlatformBadge platform={h.platform} />
            {h.sourceName && <span className="hotspot-source">{h.sourceName}</span>}
            <span className="hotspot-heat" data-testid="hotspot-heat">
              {t('hot.heat', { n: formatHeat(h.heat, lang) })}
            </span>
            {sort === 'rising' && (
              <span className={growth >= 0 ? 'hotspot-growth up' : 'hotspot-growth down'} data-testid="hotspot-growth">
                <span aria-hidden="true">{growth >= 0 ? '▲' : '▼'}</span> {formatGrowth(growth, lang)}
              </span>
            )}
            {sort === 'ranking' && (
              <span className="hotspot-mentions" data-testid="hotspot-mentions">
                {t('hot.mentions', { n: h.mentions ?? 0 })}
              </span>
            )}
          </span>
        </span>
        {h.picUrl && <img className="hotspot-thumb" src={h.picUrl} alt="" loading="lazy" referrerPolicy="no-referrer" />}
      </button>
      {(h.url || deletable) && (
        <span className="hotspot-actions">
          {h.url && (
            <a className="hotspot-link" href={h.url} target="_blank" rel="noopener noreferrer" data-testid="hotspot-link">
              {t('hot.openSource')}
            </a>
          )}
          {deletable && <DeleteHotspotButton hotspot={h} />}
        </span>
      )}
    </li>
  );
}
