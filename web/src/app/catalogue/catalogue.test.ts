import { describe, expect, it } from 'vitest';
import { ROUTES } from '../routes/registry';
import { normalizeCapabilities } from '../../lib/capabilities';
import { messages } from '../../lib/i18n';
import { FEATURE_BIZ_TYPES, splitFeatures, type FeaturePage } from './catalogue';

const defs = ROUTES.filter((d) => ['/ai-cutout', '/tryon', '/ai-product-image', '/member'].includes(d.path));

describe('feature catalogue', () => {
  it('puts a feature whose models are missing or refused under coming soon', () => {
    const caps = normalizeCapabilities({
      bizTypes: {
        MATTING_IMAGE: { state: 'available' },
        TRY_ON: { state: 'modelMissing', missingModels: [{ id: 'catvton' }] },
        PRODUCT_IMAGE: { state: 'notAllowed' },
      },
    });
    const { live, soon } = splitFeatures(defs, caps);
    expect(live.map((d) => d.path)).toEqual(['/ai-cutout']);
    expect(soon.map((d) => d.path).sort()).toEqual(['/ai-product-image', '/tryon']);
  });

  it('keeps features live while capabilities are unknown or the task merely waits for a worker', () => {
    expect(splitFeatures(defs, undefined).soon).toEqual([]);
    const waiting = normalizeCapabilities({ bizTypes: { TRY_ON: { state: 'noWorker' } } });
    expect(splitFeatures(defs, waiting).soon).toEqual([]);
  });

  it('leaves account pages out', () => {
    expect(splitFeatures(defs, undefined).live.map((d) => d.path)).not.toContain('/member');
  });

  it('has a picture line for every feature, in both languages', () => {
    for (const page of Object.keys(FEATURE_BIZ_TYPES) as FeaturePage[]) {
      const entry = (messages as Record<string, { zh: string; en: string }>)[`feature.${page}.line`];
      expect(entry?.zh, page).toBeTruthy();
      expect(entry?.en, page).toBeTruthy();
    }
  });
});
