import { describe, expect, it } from 'vitest';
import { isValidPoolName } from './tenantPools';

describe('isValidPoolName', () => {
  it('accepts what a worker --pool accepts and refuses the rest', () => {
    expect(isValidPoolName('acme-gpu_1')).toBe(true);
    expect(isValidPoolName('a'.repeat(64))).toBe(true);
    for (const bad of ['', 'Acme', 'a b', 'a:b', 'a'.repeat(65)]) expect(isValidPoolName(bad)).toBe(false);
  });
});
