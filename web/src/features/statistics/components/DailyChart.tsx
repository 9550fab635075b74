import { Area, AreaChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { useI18n } from '../../../lib/i18n';
import type { DayFigures } from '../api/statistics';
import { ACCENT, PRIMARY } from '../figures';

/** Generations (left axis) and coins spent (right axis) per day: different units, so two axes. */
export function DailyChart({ daily }: { daily: readonly DayFigures[] }) {
  const { t } = useI18n();
  const generations = t('stats.chart.generations');
  const lingshi = t('stats.chart.lingshi');
  return (
    <section className="panel stats-chart" data-testid="stats-daily">
      <h2 className="panel-title">{t('stats.chart.daily')}</h2>
      <AreaChart responsive style={{ width: '100%', height: 260 }} data={[...daily]} margin={{ top: 8, right: 4, bottom: 0, left: -16 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="date" tickFormatter={(d: string) => d.slice(5)} minTickGap={16} fontSize={12} />
        <YAxis yAxisId="generations" allowDecimals={false} fontSize={12} />
        <YAxis yAxisId="lingshi" orientation="right" allowDecimals={false} fontSize={12} />
        <Tooltip />
        <Legend />
        <Area isAnimationActive={false} yAxisId="generations" type="monotone" dataKey="generations" name={generations} stroke={PRIMARY} fill={PRIMARY} fillOpacity={0.15} />
        <Area isAnimationActive={false} yAxisId="lingshi" type="monotone" dataKey="lingshiSpent" name={lingshi} stroke={ACCENT} fill={ACCENT} fillOpacity={0.12} />
      </AreaChart>
    </section>
  );
}
