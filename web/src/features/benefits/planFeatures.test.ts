import { describe, expect, it } from 'vitest';
import { comparedTiers, planTerms, tierFeatures } from './planFeatures';

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
