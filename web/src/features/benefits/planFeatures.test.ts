import { describe, expect, it } from 'vitest';
import { t, type MessageKey } from '../../lib/i18n';
import { comparedTiers, orderName, planTerms, tierFeatures } from './planFeatures';

const plan = (productType: string, months: number) => ({ productType, months });

describe('plan features', () => {
  it('compares free, the tiers on sale and enterprise, in tier order', () => {
    const plans = [plan('flagship', 1), plan('basic', 12), plan('basic', 1), plan('nonsense', 1)];
    expect(comparedTiers(plans)).toEqual(['free', 'basic', 'flagship', 'enterprise']);
    expect(comparedTiers([])).toEqual(['free', 'enterprise']);
  });

  it('one price row per plan length', () => {
    expect(planTerms([plan('basic', 12), plan('basic', 1), plan('flagship', 1)])).toEqual([1, 12]);
  });

  it('says what each tier grants, as the server enforces it', () => {
    expect(tierFeatures('free')).toMatchObject({ speed: 'standard', download2k: false, customColour: false, batch: false, retentionDays: 7 });
    expect(tierFeatures('basic')).toMatchObject({ speed: 'fast', download2k: false, customColour: true, batch: false });
    expect(tierFeatures('professional')).toMatchObject({ download2k: true, batch: false, retentionDays: 100 });
    expect(tierFeatures('flagship')).toMatchObject({ batch: true, dedicated: false, retentionDays: 365 });
    expect(tierFeatures('enterprise')).toMatchObject({ speed: 'exclusive', batch: true, dedicated: true });
  });
});

describe('order names', () => {
  const zh = (k: MessageKey, v?: Record<string, string | number>) => t(k, v, 'zh');
  const en = (k: MessageKey, v?: Record<string, string | number>) => t(k, v, 'en');
  const plan = { kind: 'plan' as const, productType: 'flagship', months: 1, lingshi: 80000, name: '旗舰版（月付）' };
  const pack = { kind: 'pack' as const, productType: null, months: 0, lingshi: 1000, name: '1000 灵石加油包' };

  it('names an order in the language shown now, not the one it was ordered in', () => {
    expect(orderName(plan, en)).toBe('Flagship (Monthly)');
    expect(orderName({ ...plan, months: 12 }, zh)).toBe('旗舰版（年付）');
    expect(orderName(pack, en, (n) => n.toLocaleString('en'))).toBe('1,000 lingshi top-up pack');
  });

  it('keeps the stored name for what it cannot name', () => {
    expect(orderName({ ...plan, productType: 'gold' }, en)).toBe('旗舰版（月付）');
  });
});
