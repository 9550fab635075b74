import { useI18n } from '../../../lib/i18n';
import type { StatisticsTotals } from '../api/statistics';
import { formatCount, formatRate, successRate } from '../figures';

function Card({ id, label, value, note }: { id: string; label: string; value: string; note?: string }) {
  return (
    <div className="panel stats-kpi" data-testid={`stats-kpi-${id}`}>
      <span className="muted">{label}</span>
      <strong className="stats-kpi-value" data-testid={`stats-kpi-${id}-value`}>
        {value}
      </strong>
      {note && <span className="muted stats-kpi-note">{note}</span>}
    </div>
  );
}

export function KpiCards({ totals }: { totals: StatisticsTotals }) {
  const { t } = useI18n();
  return (
    <section className="stats-kpis" data-testid="stats-kpis">
      <Card
        id="generations"
        label={t('stats.kpi.generations')}
        value={formatCount(totals.generations)}
        note={t('stats.kpi.generationsNote', { ok: totals.succeeded, failed: totals.failed })}
      />
      <Card id="success" label={t('stats.kpi.successRate')} value={formatRate(successRate(totals))} />
      <Card id="lingshi" label={t('stats.kpi.lingshi')} value={formatCount(totals.lingshiSpent)} note={t('stats.kpi.lingshiNote')} />
      <Card
        id="likes"
        label={t('stats.kpi.likeRate')}
        value={formatRate(totals.likeRate ?? null)}
        note={t('stats.kpi.likes', { likes: totals.likes, dislikes: totals.dislikes })}
      />
    </section>
  );
}
