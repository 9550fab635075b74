import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PosterAsset } from '../../../lib/api/posterAssets';
import { dismissToast, getToast } from '../../../lib/toast';
import { captureDownloads, pngResponse } from '../../../test/downloads';
import { fakePosterAssets, posterAsset } from '../../../test/posterAssets';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { MaterialPage } from './MaterialPage';

const user = { user: { id: 1, phone: '13800138000' } };
const UPLOAD = '/api/files/uploads/11111111-2222-4333-8444-555555555555.png';
let store: { items: PosterAsset[] };
let tenant: boolean;
let fetchMock: ReturnType<typeof vi.fn>;

/** The list calls' query strings, in order. */
const listCalls = () =>
  fetchMock.mock.calls
    .map(([u, init]) => [String(u), (init as RequestInit | undefined)?.method ?? 'GET'] as const)
    .filter(([u, m]) => m === 'GET' && u.startsWith('/api/poster-assets?'))
    .map(([u]) => Object.fromEntries(new URL(u, 'http://x').searchParams));
/** A PNG as the uploader's checks see it (its header, over the 500 KB floor). */
function pngFile(name: string): File {
  const bytes = new Uint8Array(20_000);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new File([bytes], name, { type: 'image/png' });
}
const ids = () => screen.getAllByTestId('material-card').map((c) => c.getAttribute('data-asset-id'));

async function fakeApi(url: string, init?: RequestInit): Promise<Response> {
  if (url.startsWith('/api/config')) return jsonResponse(200, { code: 0, msg: '', data: tenant ? { tenant: { id: 3, name: 'ACME' } } : {} });
  // A material is uploaded under its own, looser rules (logos are small).
  if (url === '/api/uploads?purpose=material' && init?.method === 'POST') return jsonResponse(200, { code: 0, msg: '', data: { urls: [UPLOAD], width: 800, height: 600 } });
  return fakePosterAssets(store, url, init) ?? pngResponse();
}

beforeEach(() => {
  store = { items: [] };
  tenant = false;
  captureDownloads();
  fetchMock = vi.fn(fakeApi);
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

const render = (pageSize = 2) =>
  renderWithProviders(
    <MemoryRouter>
      <MaterialPage pageSize={pageSize} readSize={async () => ({ width: 1024, height: 1024 })} />
    </MemoryRouter>,
    user,
  );

describe('MaterialPage', () => {
  it('shows each material with its name, kind, size, date and team badge; a card links to its page', async () => {
    store.items = [posterAsset(1, { name: '门店招牌', contentType: 1, shared: true }), posterAsset(2)];
    render();
    const cards = await screen.findAllByTestId('material-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0] as HTMLElement).getByTestId('material-name')).toHaveTextContent('门店招牌');
    expect(within(cards[0] as HTMLElement).getByTestId('material-kind')).toHaveTextContent('Logo');
    expect(within(cards[0] as HTMLElement).getByTestId('material-shared')).toHaveTextContent('团队共享');
    expect(within(cards[1] as HTMLElement).getByTestId('material-kind')).toHaveTextContent('图片');
    expect(within(cards[1] as HTMLElement).getByTestId('material-size')).toHaveTextContent('800×600 · 120.6 KB');
    expect(within(cards[1] as HTMLElement).queryByTestId('material-shared')).toBeNull();
    expect(within(cards[1] as HTMLElement).getByTestId('material-date')).toHaveTextContent('2026年11月21日');
    expect(within(cards[0] as HTMLElement).getByTestId('material-open')).toHaveAttribute('href', '/modi-poster-material/a-1');
    // Without a tenant there is no scope filter.
    expect(screen.queryByTestId('material-scope')).toBeNull();
  });

  it('appends the next page by its cursor, and says when there is no more', async () => {
    store.items = [1, 2, 3, 4, 5].map((n) => posterAsset(n));
    render();
    await waitFor(() => expect(ids()).toEqual(['a-1', 'a-2']));
    expect(listCalls()).toEqual([{ size: '2' }]);
    fireEvent.click(screen.getByTestId('material-load-more'));
    await waitFor(() => expect(ids()).toEqual(['a-1', 'a-2', 'a-3', 'a-4']));
    fireEvent.click(screen.getByTestId('material-load-more'));
    await waitFor(() => expect(ids()).toEqual(['a-1', 'a-2', 'a-3', 'a-4', 'a-5']));
    expect(listCalls()).toEqual([{ size: '2' }, { size: '2', cursor_id: '2' }, { size: '2', cursor_id: '4' }]);
    expect(screen.queryByTestId('material-load-more')).toBeNull();
    expect(screen.getByTestId('material-list-end')).toHaveTextContent('没有更多了');
  });

  it('a filter change starts again at the first page, replacing the list (kind: logos only)', async () => {
    store.items = [1, 2, 3, 4, 5].map((n) => posterAsset(n, { contentType: n % 2 === 0 ? 1 : 0 }));
    render();
    await waitFor(() => expect(ids()).toEqual(['a-1', 'a-2']));
    fireEvent.click(screen.getByTestId('material-load-more'));
    await waitFor(() => expect(ids()).toHaveLength(4));
    fireEvent.click(screen.getByTestId('material-kind-1'));
    await waitFor(() => expect(ids()).toEqual(['a-2', 'a-4']));
    expect(listCalls().at(-1)).toEqual({ size: '2', content_type: '1' });
    expect(screen.getByTestId('material-kind-1')).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByTestId('material-kind-0'));
    await waitFor(() => expect(ids()).toEqual(['a-1', 'a-3']));
    expect(listCalls().at(-1)).toEqual({ size: '2', content_type: '0' });
    fireEvent.click(screen.getByTestId('material-clear'));
    await waitFor(() => expect(ids()).toEqual(['a-1', 'a-2']));
  });

  it('sends the date range in ms: the start day from midnight, the end date plus one day (exclusive)', async () => {
    store.items = [posterAsset(1)];
    render();
    await screen.findAllByTestId('material-card');
    fireEvent.change(screen.getByTestId('material-start-date'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByTestId('material-end-date'), { target: { value: '2026-11-21' } });
    await waitFor(() => expect(listCalls().at(-1)).toEqual({ size: '2', updated_at_start: String(new Date(2026, 10, 1).getTime()), updated_at_end: String(new Date(2026, 10, 22).getTime()) }));
    // The material updated on the 21st is inside (the end day counts whole).
    await waitFor(() => expect(ids()).toEqual(['a-1']));
    // A start after the end asks nothing and says why.
    const before = listCalls().length;
    fireEvent.change(screen.getByTestId('material-start-date'), { target: { value: '2026-11-25' } });
    expect(screen.getByTestId('material-range-error')).toHaveTextContent('开始日期不能晚于结束日期');
    expect(listCalls()).toHaveLength(before);
  });

  it('offers the team scope in a tenant', async () => {
    tenant = true;
    store.items = [posterAsset(1), posterAsset(2, { mine: false, shared: true })];
    render();
    fireEvent.change(await screen.findByTestId('material-scope'), { target: { value: 'tenant' } });
    await waitFor(() => expect(ids()).toEqual(['a-2']));
    expect(listCalls().at(-1)).toEqual({ size: '2', scope: 'tenant' });
  });

  it('says when there is nothing yet, and a failed load in place with a retry', async () => {
    render();
    expect(await screen.findByTestId('material-empty')).toHaveTextContent('还没有素材');
    fireEvent.click(screen.getByTestId('material-kind-1'));
    expect(await screen.findByText('没有符合条件的素材')).toBeInTheDocument();

    fetchMock.mockImplementation(async (url: string, init?: RequestInit) =>
      url.startsWith('/api/poster-assets') ? jsonResponse(500, { code: 1, error: 'INTERNAL', msg: '服务器繁忙' }) : fakeApi(url, init),
    );
    fireEvent.click(screen.getByTestId('material-kind-0'));
    expect(await screen.findByTestId('material-error')).toHaveTextContent('素材加载失败');
    expect(getToast()).toBeNull();
    fetchMock.mockImplementation(fakeApi);
    store.items = [posterAsset(1)];
    fireEvent.click(screen.getByTestId('material-retry'));
    await waitFor(() => expect(ids()).toEqual(['a-1']));
  });

  it('uploads a picture and adds it under a name as a logo; the list refreshes', async () => {
    render();
    await screen.findByTestId('material-empty');
    const file = pngFile('logo.png');
    fireEvent.change(screen.getByTestId('file-input'), { target: { files: [file] } });
    await screen.findByTestId('upload-preview');
    fireEvent.change(screen.getByTestId('material-add-name'), { target: { value: ' 门店Logo ' } });
    fireEvent.click(screen.getByTestId('material-add-kind-1'));
    fireEvent.click(screen.getByTestId('material-add-submit'));
    await waitFor(() => expect(getToast()).toMatchObject({ type: 'success', message: '已加入素材库' }));
    const post = fetchMock.mock.calls.find(([u, i]) => u === '/api/poster-assets' && (i as RequestInit).method === 'POST');
    expect(JSON.parse(String((post?.[1] as RequestInit).body))).toEqual({ uploadId: '11111111-2222-4333-8444-555555555555', name: '门店Logo', contentType: 1 });
    await waitFor(() => expect(ids()).toHaveLength(1));
    expect(screen.getByTestId('material-kind')).toHaveTextContent('Logo');
    expect(screen.queryByTestId('upload-preview')).toBeNull();
  });

  it('shows the server’s refusal as its toast (the 500 limit)', async () => {
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) =>
      url === '/api/poster-assets' && init?.method === 'POST'
        ? jsonResponse(400, { code: 400, error: 'POSTER_ASSET_LIMIT', msg: '素材库最多保存500个素材' })
        : fakeApi(url, init),
    );
    render();
    await screen.findByTestId('material-empty');
    fireEvent.change(screen.getByTestId('file-input'), { target: { files: [pngFile('a.png')] } });
    await screen.findByTestId('upload-preview');
    fireEvent.click(screen.getByTestId('material-add-submit'));
    await waitFor(() => expect(getToast()).toMatchObject({ type: 'error', message: '素材库最多保存500个素材' }));
    expect(screen.getByTestId('upload-preview')).toBeInTheDocument();
  });
});
