import { useI18n } from '../../../lib/i18n';
import type { MarketingStatistics } from '../api/statistics';
import { DailyChart } from './DailyChart';
import { KpiCards } from './KpiCards';
import { PlatformChart } from './PlatformChart';
import { TypeChart } from './TypeChart';

/** The figures of one answer, or the empty state when the range has no generation. */
export function StatisticsBody({ stats, stale }: { stats: MarketingStatistics; stale: boolean }) {
  const { t } = useI18n();
  if (stats.totals.generations === 0) {
    return (
      <div className="panel stats-state stats-empty" data-testid="stats-empty">
        <strong>{t('stats.empty')}</strong>
        <p className="muted">{t('stats.emptyHint')}</p>
      </div>
    );
  }
  return (
    <div className="stats-body" data-stale={stale || undefined}>
      <KpiCards totals={stats.totals} />
      <DailyChart daily={stats.daily} />
      <div className="stats-charts">
        <TypeChart byType={stats.byType} />
        <PlatformChart byPlatform={stats.byPlatform} />
      </div>
    </div>
  );
}
