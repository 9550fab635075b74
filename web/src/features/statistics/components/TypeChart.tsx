import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { bizTypeLabel } from '../../../lib/bizTypes';
import { useI18n } from '../../../lib/i18n';
import type { TypeFigures } from '../api/statistics';
import { PRIMARY } from '../figures';

/** Horizontal bars, most used type first: the names are long, so they sit on the vertical axis. */
export function TypeChart({ byType }: { byType: readonly TypeFigures[] }) {
  const { t } = useI18n();
  const data = [...byType]
    .sort((a, b) => b.generations - a.generations)
    .map((f) => ({ key: f.bizType, name: bizTypeLabel(f.bizType, t), generations: f.generations }));
  return (
    <section className="panel stats-chart" data-testid="stats-by-type">
      <h2 className="panel-title">{t('stats.chart.byType')}</h2>
      <BarChart responsive layout="vertical" style={{ width: '100%', height: 48 + data.length * 36 }} data={data} margin={{ top: 4, right: 16, bottom: 0, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" allowDecimals={false} fontSize={12} />
        <YAxis type="category" dataKey="name" width={96} fontSize={12} />
        <Tooltip />
        <Bar isAnimationActive={false} dataKey="generations" name={t('stats.chart.generations')} fill={PRIMARY} radius={[0, 4, 4, 0]} maxBarSize={24} />
      </BarChart>
      <ul className="stats-sr-only" data-testid="stats-by-type-list">
        {data.map((d) => (
          <li key={d.key}>
            {d.name}: {d.generations}
          </li>
        ))}
      </ul>
    </section>
  );
}
