import type { HotspotPoint } from '../api/hotspots';

const WIDTH = 320;
const HEIGHT = 80;
const PAD = 4;

/**
 * The `points` attribute of a heat line in a WIDTH×HEIGHT box: oldest on
 * the left, the highest heat at the top. A flat or single-point history
 * draws a level line (there is no range to scale).
 */
export function trendPoints(history: readonly HotspotPoint[], width = WIDTH, height = HEIGHT): string {
  if (history.length === 0) return '';
  const heats = history.map((p) => p.heat);
  const min = Math.min(...heats);
  const range = Math.max(...heats) - min;
  const innerW = width - PAD * 2;
  const innerH = height - PAD * 2;
  const step = history.length > 1 ? innerW / (history.length - 1) : 0;
  return history
    .map((p, i) => {
      const x = history.length > 1 ? PAD + i * step : width / 2;
      const y = range > 0 ? PAD + innerH - ((p.heat - min) / range) * innerH : height / 2;
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
}

/** The hotspot's heat over its observations, a small inline SVG (no chart package). */
export function TrendLine({ history, label }: { history: readonly HotspotPoint[]; label: string }) {
  const points = trendPoints(history);
  return (
    <svg className="hotspot-trend" data-testid="hotspot-trend" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label} preserveAspectRatio="none">
      <line x1={PAD} y1={HEIGHT - PAD} x2={WIDTH - PAD} y2={HEIGHT - PAD} className="hotspot-trend-axis" />
      {history.length > 1 ? (
        <polyline points={points} className="hotspot-trend-line" fill="none" />
      ) : (
        history.length === 1 && <circle cx={WIDTH / 2} cy={HEIGHT / 2} r={3} className="hotspot-trend-dot" />
      )}
    </svg>
  );
}
