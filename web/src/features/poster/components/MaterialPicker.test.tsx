import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PosterAsset } from '../../../lib/api/posterAssets';
import { TASK_TYPES_PAYLOAD } from '../../../lib/taskTypes.fixture';
import { dismissToast } from '../../../lib/toast';
import { captureDownloads, pngResponse } from '../../../test/downloads';
import { fakePosterAssets, posterAsset } from '../../../test/posterAssets';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { placementFor } from '../assetPlacement';
import { resetPosterSession } from '../session';
import type { PosterTemplate, PosterTemplateEntry } from '../template';
import { MaterialPicker } from './MaterialPicker';
import { PosterEditor } from './PosterEditor';

const ROOT = join(import.meta.dirname, '../../../../..');
const DIR = [join(ROOT, 'shared/poster-template/templates'), join(ROOT, 'models/templates/posters')].find((d) => existsSync(d)) as string;
const load = (id: string) => JSON.parse(readFileSync(join(DIR, `${id}.json`), 'utf8')) as PosterTemplate;
const entryOf = (template: PosterTemplate): PosterTemplateEntry => ({ id: template.id, category: template.category, name: template.name.zh, aspect: '3:4', width: 1080, height: 1440, template });
const BRAND = load('brand-story-elegant');
const MINIMAL = load('new-arrival-minimal');

const user = { user: { id: 1, phone: '13800138000' } };
let store: { items: PosterAsset[] };
let submitted: { params: Record<string, unknown> }[];
let fetchMock: ReturnType<typeof vi.fn>;
const listCalls = () =>
  fetchMock.mock.calls
    .map(([u]) => String(u))
    .filter((u) => u.startsWith('/api/poster-assets?'))
    .map((u) => Object.fromEntries(new URL(u, 'http://x').searchParams));

async function fakeApi(url: string, init?: RequestInit): Promise<Response> {
  const path = url.split('?')[0];
  if (path === '/api/task-types') return jsonResponse(200, { code: 0, msg: '', data: TASK_TYPES_PAYLOAD });
  if (path === '/api/tasks' && init?.method === 'POST') {
    submitted.push(JSON.parse(String(init.body)));
    return jsonResponse(200, { code: 0, msg: '', data: { taskId: 'task-1', status: 'NEW' } });
  }
  if (path?.startsWith('/api/tasks/')) return jsonResponse(200, { code: 0, msg: '', data: { taskId: 'task-1', bizType: 'PLACARD_GEN', status: 'RUNNING', progress: 5, results: [] } });
  return fakePosterAssets(store, url, init) ?? pngResponse();
}

beforeEach(() => {
  store = { items: [1, 2, 3].map((n) => posterAsset(n, { contentType: n === 2 ? 0 : 1, name: n === 2 ? '门店照片' : `Logo ${n}` })) };
  submitted = [];
  resetPosterSession();
  captureDownloads();
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  fetchMock = vi.fn(fakeApi);
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  dismissToast();
});

describe('MaterialPicker', () => {
  it('lists logos only for a logo slot, pages by cursor, and hands over the upload as an upload would', async () => {
    const onPick = vi.fn();
    renderWithProviders(
      <MemoryRouter>
        <MaterialPicker open logo pageSize={1} onClose={() => undefined} onPick={onPick} />
      </MemoryRouter>,
      user,
    );
    await screen.findAllByTestId('picker-item');
    expect(listCalls()).toEqual([{ content_type: '1', size: '1' }]);
    fireEvent.click(screen.getByTestId('picker-load-more'));
    await waitFor(() => expect(screen.getAllByTestId('picker-item').map((b) => b.getAttribute('data-asset-id'))).toEqual(['a-1', 'a-3']));
    expect(listCalls()[1]).toEqual({ content_type: '1', size: '1', cursor_id: '1' });
    expect(screen.queryByTestId('picker-load-more')).toBeNull();
    fireEvent.click(screen.getAllByTestId('picker-item')[1] as HTMLElement);
    await waitFor(() => expect(onPick).toHaveBeenCalledTimes(1));
    expect(onPick.mock.calls[0]?.[0]).toEqual({ url: '/api/files/uploads/00000000-0000-4000-8000-000000000003', preview: expect.stringMatching(/^blob:/) });
  });

  it('lists every kind for another slot, and says when there is nothing', async () => {
    store.items = [];
    renderWithProviders(
      <MemoryRouter>
        <MaterialPicker open logo={false} onClose={() => undefined} onPick={() => undefined} />
      </MemoryRouter>,
      user,
    );
    expect(await screen.findByTestId('picker-empty')).toHaveTextContent('素材库里还没有可用的素材');
    expect(listCalls()).toEqual([{ size: '20' }]);
    expect(screen.getByTestId('picker-manage')).toHaveAttribute('href', '/modi-poster-material');
  });
});

describe('materials in the poster editor', () => {
  it('fills the product photo from the library; the render sends the asset’s upload', async () => {
    renderWithProviders(
      <MemoryRouter>
        <PosterEditor entry={entryOf(MINIMAL)} />
      </MemoryRouter>,
      user,
    );
    fireEvent.click(screen.getByTestId('product-from-materials'));
    const items = await screen.findAllByTestId('picker-item');
    expect(items).toHaveLength(3);
    fireEvent.click(items[1] as HTMLElement);
    await waitFor(() => expect(screen.queryByTestId('material-picker')).toBeNull());
    await waitFor(() => expect(screen.getByTestId('upload-preview')).toBeInTheDocument());
    fireEvent.click(screen.getByTestId('poster-render'));
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]?.params.images).toEqual({ product: '/api/files/uploads/00000000-0000-4000-8000-000000000002' });
  });

  it('places a logo named by ?asset= in the logo slot and selects it; the slot offers the library (logos only)', async () => {
    renderWithProviders(
      <MemoryRouter initialEntries={['/modi-poster?asset=a-1']}>
        <PosterEditor entry={entryOf(BRAND)} />
      </MemoryRouter>,
      user,
    );
    await waitFor(() => expect(screen.getByTestId('layer-panel')).toHaveTextContent('Logo'));
    fireEvent.click(screen.getByTestId('poster-render'));
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]?.params.images).toEqual({ logo: '/api/files/uploads/00000000-0000-4000-8000-000000000001' });

    fireEvent.click(screen.getByTestId('slot-from-materials'));
    await screen.findAllByTestId('picker-item');
    expect(listCalls().at(-1)).toEqual({ content_type: '1', size: '20' });
  });

  it('knows where a material goes', () => {
    expect(placementFor(BRAND, 1)).toEqual({ target: 'slot', id: 'logo' });
    expect(placementFor(BRAND, 0)).toEqual({ target: 'product' });
    // No logo slot: a logo has nowhere to go (it never replaces the product photo).
    expect(placementFor(MINIMAL, 1)).toBeNull();
    expect(placementFor(MINIMAL, 0)).toEqual({ target: 'product' });
  });
});
