import { describe, expect, it } from 'vitest';
import { maskPhone } from './mask';

describe('maskPhone', () => {
  it('keeps the first 3 and last 4 digits', () => {
    expect(maskPhone('13800138000')).toBe('138****8000');
    expect(maskPhone(null)).toBe('');
  });
});
