import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, normalizeConfig } from '../../lib/config';
import { layoutVisibility } from './guards';

describe('tenant switches in the shell', () => {
  it('normalizeConfig keeps a tenant and its switches, defaulting to everything on', () => {
    const plain = normalizeConfig({});
    expect(plain.tenant).toBeNull();
    expect(plain.entries).toEqual({ invite: true, messages: true, enterpriseService: true, logoNavigates: true });
    expect(plain.enterpriseService).toEqual({ mode: 'contact', url: null });
    const merged = normalizeConfig({
      ...DEFAULT_CONFIG,
      tenant: { id: 3, name: '伊利', icon: null, companyName: '伊利集团', enterprise: true },
      chrome: { hidePoints: true },
      entries: { invite: false, messages: false, enterpriseService: true, logoNavigates: false },
      enterpriseService: { mode: 'mott' },
    });
    expect(merged.tenant?.name).toBe('伊利');
    expect(merged.entries.logoNavigates).toBe(false);
    expect(merged.enterpriseService).toEqual({ mode: 'mott' });
  });

  it("the tenant's chrome hides parts on every page; a referrer adds to it", () => {
    const config = { ...DEFAULT_CONFIG, chrome: { hideFloat: true, hidePoints: true } };
    const none = { referrer: null, headHidden: false };
    expect(layoutVisibility('/', config, none)).toEqual({
      header: true,
      sidebar: true,
      float: false,
      lingshi: false,
      enterpriseService: true,
    });
    const withRef = {
      ...config,
      referrers: { partner: { hideHeader: true, hideEnterpriseService: true } },
    };
    expect(layoutVisibility('/', withRef, { referrer: 'partner', headHidden: false })).toEqual({
      header: false,
      sidebar: true,
      float: false,
      lingshi: false,
      enterpriseService: false,
    });
    expect(layoutVisibility('/', DEFAULT_CONFIG, none).float).toBe(true);
  });
});
