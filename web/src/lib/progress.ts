/**
 * Progress shown while a task runs (simulated progress rising
 * towards 99 % over 60 s), combined with the server's real status/progress.
 */
export const SIMULATION_MS = 60_000;
export const SIMULATION_CAP = 99;

/**
 * Simulated progress after `elapsedMs`: an ease-out curve from 0 that
 * reaches 99 at `durationMs` and stays there. Never 100.
 */
export function simulatedProgress(elapsedMs: number, durationMs: number = SIMULATION_MS): number {
  if (!(elapsedMs > 0)) return 0;
  const x = Math.min(elapsedMs / durationMs, 1);
  const eased = 1 - (1 - x) * (1 - x);
  return Math.min(SIMULATION_CAP, Math.floor(eased * SIMULATION_CAP));
}

/**
 * What the bar shows: 100 only when the real status is SUCCESS; otherwise
 * the larger of the simulated and the real progress, capped at 99.
 */
export function displayProgress(
  status: string | undefined,
  realProgress: number | null | undefined,
  elapsedMs: number,
  durationMs: number = SIMULATION_MS,
): number {
  if (status === 'SUCCESS') return 100;
  const real = typeof realProgress === 'number' && Number.isFinite(realProgress) ? realProgress : 0;
  const shown = Math.max(simulatedProgress(elapsedMs, durationMs), Math.round(real));
  return Math.max(0, Math.min(SIMULATION_CAP, shown));
}
