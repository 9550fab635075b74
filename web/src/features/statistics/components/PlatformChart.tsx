import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { useI18n } from '../../../lib/i18n';
import type { PlatformFigures } from '../api/statistics';
import { ACCENT, platformKey } from '../figures';

/** Text tasks by the platform they were written for (only those that name one). */
export function PlatformChart({ byPlatform }: { byPlatform: readonly PlatformFigures[] }) {
  const { t } = useI18n();
  const data = byPlatform.map((f) => ({ key: f.platform, name: t(platformKey(f.platform)), generations: f.generations }));
  return (
    <section className="panel stats-chart" data-testid="stats-by-platform">
      <h2 className="panel-title">{t('stats.chart.byPlatform')}</h2>
      {data.length === 0 ? (
        <p className="muted" data-testid="stats-no-platform">
          {t('stats.chart.noPlatform')}
        </p>
      ) : (
        <>
          <BarChart responsive style={{ width: '100%', height: 220 }} data={data} margin={{ top: 8, right: 4, bottom: 0, left: -16 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="name" fontSize={12} />
            <YAxis allowDecimals={false} fontSize={12} />
            <Tooltip />
            <Bar isAnimationActive={false} dataKey="generations" name={t('stats.chart.generations')} fill={ACCENT} radius={[4, 4, 0, 0]} maxBarSize={48} />
          </BarChart>
          <ul className="stats-sr-only" data-testid="stats-by-platform-list">
            {data.map((d) => (
              <li key={d.key}>
                {d.name}: {d.generations}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
