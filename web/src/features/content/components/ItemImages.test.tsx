import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { done, item } from '../fixture';
import { ItemImages } from './ItemImages';

const ok = (data: unknown) => jsonResponse(200, { code: 0, msg: '', data });
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const path = new URL(url, 'http://x').pathname;
    if (path === '/api/uploads') return ok({ urls: ['/api/files/uploads/u-9.png'], width: 800, height: 800 });
    if (path === '/api/content-items/i-redbook/images' && init?.method === 'POST') return ok({ id: 'b1', items: [] });
    return jsonResponse(404, { code: 404, msg: 'nope', error: 'NOT_FOUND' });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('ItemImages', () => {
  it('uploads a picture as a note picture and attaches it by its upload id', async () => {
    renderWithProviders(<ItemImages item={done(item('redbook'))} readSize={async () => ({ width: 800, height: 800 })} />, { user: { id: 1, phone: '13800138000' } });
    const file = new File([PNG, new Uint8Array(60_000)], 'a.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('content-item-file'), { target: { files: [file] } });
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u) === '/api/content-items/i-redbook/images')).toBe(true));
    // Besides the defaults (the server's picture bound): the upload, then the attach.
    const calls = fetchMock.mock.calls.filter(([u]) => String(u) !== '/api/content-batches/defaults');
    expect(calls.map(([u]) => String(u))).toEqual(['/api/uploads?purpose=note', '/api/content-items/i-redbook/images']);
    const attach = calls[1]?.[1] as RequestInit;
    expect(JSON.parse(String(attach.body))).toEqual({ uploadId: 'u-9' });
  });

  it('offers no more room past nine pictures', () => {
    const images = Array.from({ length: 9 }, (_, i) => ({ uploadId: `u-${i}`, url: `/api/files/uploads/u-${i}.png`, type: 'upload' as const }));
    renderWithProviders(<ItemImages item={done(item('redbook'), { images })} />, { user: { id: 1, phone: '13800138000' } });
    expect(screen.queryByTestId('content-item-image-add')).toBeNull();
    expect(screen.getByTestId('content-item-images')).toHaveTextContent('9/9');
  });
});
