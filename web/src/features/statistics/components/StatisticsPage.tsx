import { useState } from 'react';
import { isApiError } from '../../../lib/api/client';
import { useAppConfig } from '../../../lib/config';
import { useI18n } from '../../../lib/i18n';
import { useStatistics, type StatisticsScope } from '../api/statistics';
import { DEFAULT_PRESET, presetRange, type DateRange } from '../range';
import { ExportCsvButton } from './ExportCsvButton';
import { RangePicker } from './RangePicker';
import { ScopeToggle } from './ScopeToggle';
import { StatisticsBody } from './StatisticsBody';
import './statistics.css';

/**
 * /mott-statistics: a range's generations, success rate, coins spent and
 * ratings, by day, task type and platform, for the user or their tenant.
 */
export function StatisticsPage({ mobile = false }: { mobile?: boolean }) {
  const { t } = useI18n();
  // The team scope needs a tenant (otherwise the server's MARKETING_NO_TENANT).
  const hasTenant = useAppConfig().config.tenant !== null;
  const [range, setRange] = useState<DateRange>(() => presetRange(DEFAULT_PRESET));
  const [chosenScope, setScope] = useState<StatisticsScope>('mine');
  const scope = hasTenant ? chosenScope : 'mine';
  const query = { ...range, scope };
  const stats = useStatistics(query);
  const error = stats.isError ? (isApiError(stats.error) && stats.error.serverMsg ? stats.error.msg : t('stats.loadFailed')) : null;

  return (
    <div className={mobile ? 'page stats-page mobile' : 'page stats-page'} data-testid="stats-page">
      <header className="page-header stats-header">
        <div>
          <h1>{t('route.mott-statistics.title')}</h1>
          <p className="muted">{t('stats.subtitle')}</p>
        </div>
        <ExportCsvButton query={query} />
      </header>
      <section className="panel stats-toolbar">
        <RangePicker value={range} onChange={setRange} />
        {hasTenant && <ScopeToggle value={scope} onChange={setScope} />}
      </section>
      {error ? (
        <div className="panel stats-state" role="alert" data-testid="stats-error">
          <p>{error}</p>
          <button type="button" className="button" onClick={() => void stats.refetch()}>
            {t('stats.retry')}
          </button>
        </div>
      ) : !stats.data ? (
        <p className="panel stats-state muted" data-testid="stats-loading">
          {t('stats.loading')}
        </p>
      ) : (
        <StatisticsBody stats={stats.data} stale={stats.isPlaceholderData} />
      )}
    </div>
  );
}
