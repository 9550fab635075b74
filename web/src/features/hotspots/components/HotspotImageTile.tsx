import { useI18n } from '../../../lib/i18n';
import type { Hotspot } from '../api/hotspots';
import { formatHeat } from '../../../lib/heat';
import { PlatformBadge } from './PlatformBadge';

/** A popular image in the POPULAR_IMAGE grid: the picture first, its title and heat under it. */
export function HotspotImageTile({ hotspot: h, onOpen }: { hotspot: Hotspot; onOpen: (id: string) => void }) {
  const { t, lang } = useI18n();
  return (
    <li className="hotspot-tile" data-testid="hotspot-card" data-hotspot-id={h.id}>
      <button type="button" className="hotspot-tile-open" data-testid="hotspot-open" onClick={() => onOpen(h.id)}>
        {h.picUrl ? (
          <img className="hotspot-tile-image" src={h.picUrl} alt={h.title} loading="lazy" referrerPolicy="no-referrer" />
        ) : (
          <span className="hotspot-tile-image empty" aria-hidden="true" />
        )}
        <span className="hotspot-title" data-testid="hotspot-title">
          {h.title}
        </span>
        <span className="hotspot-meta">
          <PlatformBadge platform={h.platform} />
          <span className="hotspot-heat">{t('hot.heat', { n: formatHeat(h.heat, lang) })}</span>
        </span>
      </button>
    </li>
  );
}
