import type { ReactElement } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { HotImmediatePage, HotNotesPage, HotVideosPage, HotWordListPage, PopularContentPage } from './HotListPages';

const user = { user: { id: 1, phone: '13800138000' } };
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn(async (url: string) =>
    jsonResponse(200, { code: 0, msg: '', data: url.startsWith('/api/hot-words') ? { list: [] } : { list: [], total: 0 } }),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const firstCall = async () => {
  await waitFor(() => expect(fetchMock).toHaveBeenCalled());
  const u = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://x');
  return { path: u.pathname, ...Object.fromEntries(u.searchParams) };
};
const render = (ui: ReactElement) => renderWithProviders(<MemoryRouter>{ui}</MemoryRouter>, user);

describe('the single-list pages', () => {
  it('/hot-immediate: real-time hot topics, 6 hours by default', async () => {
    render(<HotImmediatePage />);
    expect(await firstCall()).toMatchObject({ path: '/api/hotspots', sort: 'rising', kind: 'topic', origin: 'feed', windowHours: '6', pageNum: '1' });
    expect(screen.getByTestId('hotspot-window-6')).toHaveAttribute('aria-pressed', 'true');
  });

  it('/hot-notes, /hot-videos and /modi-content: notes, videos, both', async () => {
    render(<HotNotesPage />);
    expect(await firstCall()).toMatchObject({ kind: 'note' });
    fetchMock.mockClear();
    render(<HotVideosPage />);
    expect(await firstCall()).toMatchObject({ kind: 'video' });
    fetchMock.mockClear();
    render(<PopularContentPage />);
    expect(await firstCall()).toMatchObject({ kind: 'note,video' });
  });

  it('/hot-word-list: the hot words of the window, no list', async () => {
    render(<HotWordListPage />);
    expect(await firstCall()).toMatchObject({ path: '/api/hot-words', windowHours: '24', size: '30' });
    expect(await screen.findByTestId('hot-words-empty')).toBeInTheDocument();
    expect(screen.queryByTestId('hotspot-platform-all')).toBeNull();
  });
});
