import { describe, expect, it } from 'vitest';
import { assetListQuery, uploadIdOf, uploadUrlOf } from '../../lib/api/posterAssets';
import { dayStartMs, formatBytes, NO_FILTERS, rangeValid, toAssetFilters } from './filters';

describe('material filters', () => {
  it('sends nothing for no filters', () => {
    expect(toAssetFilters(NO_FILTERS)).toEqual({});
    expect(assetListQuery({}, null, 20)).toEqual({ cursor_id: undefined, updated_at_start: undefined, updated_at_end: undefined, content_type: undefined, scope: undefined, size: 20 });
  });

  it('turns the dates into ms: the start at local midnight, the end date plus one day', () => {
    const f = toAssetFilters({ kind: 1, scope: 'mine', start: '2026-11-01', end: '2026-11-30' });
    expect(f).toEqual({ contentType: 1, scope: 'mine', updatedAtStart: new Date(2026, 10, 1).getTime(), updatedAtEnd: new Date(2026, 11, 1).getTime() });
    // Across a year's end.
    expect(dayStartMs('2026-12-31', 1)).toBe(new Date(2027, 0, 1).getTime());
    expect(dayStartMs('')).toBeUndefined();
    expect(dayStartMs('junk')).toBeUndefined();
    expect(assetListQuery(f, 'c-9', 20)).toMatchObject({ cursor_id: 'c-9', content_type: 1, scope: 'mine', updated_at_end: new Date(2026, 11, 1).getTime() });
  });

  it('an image filter is kind 0, sent as such', () => {
    expect(assetListQuery(toAssetFilters({ ...NO_FILTERS, kind: 0 }), null, 20).content_type).toBe(0);
  });

  it('a start after the end is not asked for; the same day is', () => {
    expect(rangeValid({ ...NO_FILTERS, start: '2026-11-02', end: '2026-11-01' })).toBe(false);
    expect(rangeValid({ ...NO_FILTERS, start: '2026-11-01', end: '2026-11-01' })).toBe(true);
    expect(rangeValid({ ...NO_FILTERS, start: '2026-11-01' })).toBe(true);
  });

  it('writes file sizes for people', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(123_456)).toBe('120.6 KB');
    expect(formatBytes(4_718_592)).toBe('4.5 MB');
  });

  it('reads an upload id from its URL as the server does, and writes it back', () => {
    const id = '11111111-2222-4333-8444-555555555555';
    expect(uploadIdOf(`/api/files/uploads/${id}.png`)).toBe(id);
    expect(uploadIdOf(`http://h/api/files/uploads/${id}?x=1`)).toBe(id);
    expect(uploadIdOf(id)).toBe(id);
    expect(uploadUrlOf(id)).toBe(`/api/files/uploads/${id}`);
    expect(uploadUrlOf(`/api/files/uploads/${id}`)).toBe(`/api/files/uploads/${id}`);
  });
});
