import { useI18n } from '../../../lib/i18n';
import type { HotspotPlatform } from '../api/hotspots';

export function PlatformBadge({ platform }: { platform: HotspotPlatform }) {
  const { t } = useI18n();
  return (
    <span className={`hotspot-badge platform-${platform}`} data-testid="hotspot-platform">
      {t(`hot.platform.${platform}`)}
    </span>
  );
}
