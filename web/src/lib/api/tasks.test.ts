import { describe, expect, it } from 'vitest';
import { isTerminal } from './tasks';

describe('isTerminal', () => {
  it('SUCCESS, FAILED and TIMEOUT end a task', () => {
    expect(isTerminal('SUCCESS')).toBe(true);
    expect(isTerminal('FAILED')).toBe(true);
    expect(isTerminal('TIMEOUT')).toBe(true);
    expect(isTerminal('NEW')).toBe(false);
    expect(isTerminal('RUNNING')).toBe(false);
    expect(isTerminal(undefined)).toBe(false);
  });
});
