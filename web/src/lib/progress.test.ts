import { describe, expect, it } from 'vitest';
import { SIMULATION_MS, displayProgress, simulatedProgress } from './progress';

describe('simulatedProgress', () => {
  it('starts at 0 and rises monotonically', () => {
    expect(simulatedProgress(0)).toBe(0);
    expect(simulatedProgress(-5)).toBe(0);
    let prev = 0;
    for (let ms = 0; ms <= SIMULATION_MS; ms += 1000) {
      const p = simulatedProgress(ms);
      expect(p).toBeGreaterThanOrEqual(prev);
      prev = p;
    }
    expect(simulatedProgress(10_000)).toBeGreaterThan(20);
    expect(simulatedProgress(30_000)).toBeGreaterThan(60);
  });

  it('reaches 99 at 60 s and never 100', () => {
    expect(simulatedProgress(SIMULATION_MS)).toBe(99);
    expect(simulatedProgress(59_000)).toBeLessThan(99);
    expect(simulatedProgress(10 * SIMULATION_MS)).toBe(99);
    expect(simulatedProgress(Number.POSITIVE_INFINITY)).toBe(99);
  });

  it('accepts another duration (the 90 s variant)', () => {
    expect(simulatedProgress(60_000, 90_000)).toBeLessThan(99);
    expect(simulatedProgress(90_000, 90_000)).toBe(99);
  });
});

describe('displayProgress', () => {
  it('is 100 only on SUCCESS', () => {
    expect(displayProgress('SUCCESS', 0, 0)).toBe(100);
    expect(displayProgress('RUNNING', 100, 0)).toBe(99);
    expect(displayProgress('RUNNING', 0, 10 * SIMULATION_MS)).toBe(99);
  });

  it('takes the larger of simulated and real progress', () => {
    expect(displayProgress('RUNNING', 80, 1000)).toBe(80);
    expect(displayProgress('RUNNING', 5, 30_000)).toBe(simulatedProgress(30_000));
    expect(displayProgress('NEW', null, 0)).toBe(0);
    expect(displayProgress('RUNNING', Number.NaN, 0)).toBe(0);
  });
});
