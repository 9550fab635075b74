/**
 * A fake of /api/poster-assets for Vitest: a store of materials, newest
 * change first, paged by an opaque cursor (the next item's index), the
 * filters applied as the API applies them.
 */
import type { PosterAsset } from '../lib/api/posterAssets';
import { jsonResponse } from './render';

export const posterAsset = (n: number, over: Partial<PosterAsset> = {}): PosterAsset => ({
  id: `a-${n}`,
  uploadId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  name: `素材${n}`,
  contentType: 0,
  url: `/api/files/uploads/00000000-0000-4000-8000-${String(n).padStart(12, '0')}.png`,
  width: 800,
  height: 600,
  sizeBytes: 123_456,
  shared: false,
  mine: true,
  createdAt: Date.UTC(2026, 10, 20, 2),
  updatedAt: Date.UTC(2026, 10, 21, 2) - n * 60_000,
  ...over,
});

const ok = (data: unknown) => jsonResponse(200, { code: 0, msg: '', data });

/** Answers a poster-assets call over `store` (mutated by POST/PATCH/DELETE), else null. */
export function fakePosterAssets(store: { items: PosterAsset[] }, url: string, init?: RequestInit): Response | null {
  const u = new URL(url, 'http://x');
  const method = init?.method ?? 'GET';
  if (u.pathname === '/api/poster-assets' && method === 'GET') {
    const q = u.searchParams;
    const kind = q.get('content_type');
    const start = q.get('updated_at_start');
    const end = q.get('updated_at_end');
    const scope = q.get('scope') ?? 'all';
    const all = store.items.filter(
      (a) =>
        (kind === null || a.contentType === Number(kind)) &&
        (start === null || a.updatedAt >= Number(start)) &&
        (end === null || a.updatedAt < Number(end)) &&
        (scope === 'all' || (scope === 'mine' ? a.mine : !a.mine)),
    );
    const from = Number(q.get('cursor_id') ?? 0);
    const size = Number(q.get('size') ?? 20);
    const page = all.slice(from, from + size);
    return ok({ cds_asset_infos: page, cursor_id: from + size < all.length ? String(from + size) : null });
  }
  if (u.pathname === '/api/poster-assets' && method === 'POST') {
    const body = JSON.parse(String(init?.body)) as { uploadId: string; name?: string; contentType?: 0 | 1; shared?: boolean };
    const a = posterAsset(store.items.length + 100, { uploadId: body.uploadId, name: body.name ?? '素材', contentType: body.contentType ?? 0, shared: !!body.shared });
    store.items = [a, ...store.items];
    return ok(a);
  }
  const m = /^\/api\/poster-assets\/([^/]+)$/.exec(u.pathname);
  if (!m) return null;
  const id = decodeURIComponent(m[1] as string);
  const found = store.items.find((a) => a.id === id);
  if (!found) return jsonResponse(404, { code: 404, error: 'POSTER_ASSET_NOT_FOUND', msg: '素材不存在', data: null });
  if (method === 'GET') return ok(found);
  if (method === 'PATCH') {
    const patch = JSON.parse(String(init?.body)) as Partial<PosterAsset>;
    const next = { ...found, ...patch, updatedAt: found.updatedAt + 1 };
    store.items = store.items.map((a) => (a.id === id ? next : a));
    return ok(next);
  }
  if (method === 'DELETE') {
    store.items = store.items.filter((a) => a.id !== id);
    return ok({ removed: true });
  }
  return null;
}
