import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PosterAsset } from '../../../lib/api/posterAssets';
import { dismissToast, getToast } from '../../../lib/toast';
import { captureDownloads, pngResponse } from '../../../test/downloads';
import { fakePosterAssets, posterAsset } from '../../../test/posterAssets';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { PosterMaterialRoute } from './PosterMaterialRoute';

const user = { user: { id: 1, phone: '13800138000' } };
let store: { items: PosterAsset[] };
let tenant: boolean;
let fetchMock: ReturnType<typeof vi.fn>;
const bodies = (method: string) =>
  fetchMock.mock.calls.filter(([, i]) => (i as RequestInit | undefined)?.method === method).map(([u, i]) => [String(u), (i as RequestInit).body ? JSON.parse(String((i as RequestInit).body)) : null]);

async function fakeApi(url: string, init?: RequestInit): Promise<Response> {
  if (url.startsWith('/api/config')) return jsonResponse(200, { code: 0, msg: '', data: tenant ? { tenant: { id: 3, name: 'ACME' } } : {} });
  return fakePosterAssets(store, url, init) ?? pngResponse();
}

function Where() {
  const loc = useLocation();
  return <span data-testid="where">{loc.pathname + loc.search}</span>;
}

const render = (path: string, mobile = false) =>
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/modi-poster-material" element={<PosterMaterialRoute mobile={mobile} />} />
        <Route path="/modi-poster-material/:id" element={<PosterMaterialRoute mobile={mobile} />} />
        <Route path="*" element={null} />
      </Routes>
      <Where />
    </MemoryRouter>,
    user,
  );

beforeEach(() => {
  store = { items: [posterAsset(1, { name: '门店招牌' }), posterAsset(2, { mine: false, shared: true, name: '总部Logo', contentType: 1 })] };
  tenant = false;
  captureDownloads();
  fetchMock = vi.fn(fakeApi);
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

describe('MaterialDetailPage', () => {
  it('shows the material and renames it and changes its kind in one save', async () => {
    render('/modi-poster-material/a-1');
    expect(await screen.findByTestId('material-detail')).toHaveAttribute('data-asset-id', 'a-1');
    expect(screen.getByTestId('material-detail-name')).toHaveTextContent('门店招牌');
    expect(screen.getByTestId('material-detail-kind')).toHaveTextContent('图片');
    expect(screen.getByTestId('material-save')).toBeDisabled();
    // No tenant: no sharing.
    expect(screen.queryByTestId('material-share')).toBeNull();
    fireEvent.change(screen.getByTestId('material-edit-name'), { target: { value: '  新招牌 ' } });
    fireEvent.click(screen.getByTestId('material-edit-kind-1'));
    fireEvent.click(screen.getByTestId('material-save'));
    await waitFor(() => expect(getToast()).toMatchObject({ type: 'success', message: '已保存' }));
    expect(bodies('PATCH')).toEqual([['/api/poster-assets/a-1', { name: '新招牌', contentType: 1 }]]);
    await waitFor(() => expect(screen.getByTestId('material-detail-name')).toHaveTextContent('新招牌'));
    expect(screen.getByTestId('material-detail-kind')).toHaveTextContent('Logo');
    expect(screen.getByTestId('material-save')).toBeDisabled();
  });

  it('refuses an empty or too long name before sending', async () => {
    render('/modi-poster-material/a-1');
    await screen.findByTestId('material-detail');
    fireEvent.change(screen.getByTestId('material-edit-name'), { target: { value: '   ' } });
    expect(screen.getByText('名称不能为空')).toBeInTheDocument();
    expect(screen.getByTestId('material-save')).toBeDisabled();
    fireEvent.change(screen.getByTestId('material-edit-name'), { target: { value: '字'.repeat(61) } });
    expect(screen.getByText('名称最多60个字')).toBeInTheDocument();
    expect(screen.getByTestId('material-save')).toBeDisabled();
  });

  it('shares and unshares in a tenant', async () => {
    tenant = true;
    render('/modi-poster-material/a-1');
    fireEvent.click(await screen.findByTestId('material-share'));
    await waitFor(() => expect(getToast()?.message).toBe('已共享给团队'));
    await waitFor(() => expect(screen.getByTestId('material-share')).toHaveTextContent('取消共享'));
    expect(screen.getByTestId('material-owner')).toHaveTextContent('团队共享');
    fireEvent.click(screen.getByTestId('material-share'));
    await waitFor(() => expect(getToast()?.message).toBe('已取消共享'));
    expect(bodies('PATCH')).toEqual([
      ['/api/poster-assets/a-1', { shared: true }],
      ['/api/poster-assets/a-1', { shared: false }],
    ]);
  });

  it('deletes after a confirmation and goes back to the library', async () => {
    render('/modi-poster-material/a-1');
    fireEvent.click(await screen.findByTestId('material-delete'));
    const dialog = await screen.findByTestId('material-confirm');
    expect(dialog).toHaveTextContent('确定删除「门店招牌」吗');
    fireEvent.click(within(dialog).getByTestId('confirm-cancel'));
    expect(bodies('DELETE')).toEqual([]);
    fireEvent.click(screen.getByTestId('material-delete'));
    fireEvent.click(within(await screen.findByTestId('material-confirm')).getByTestId('confirm-ok'));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/modi-poster-material$/));
    expect(bodies('DELETE')).toEqual([['/api/poster-assets/a-1', null]]);
    expect(getToast()).toMatchObject({ type: 'success', message: '已删除' });
    await waitFor(() => expect(screen.getAllByTestId('material-card').map((c) => c.getAttribute('data-asset-id'))).toEqual(['a-2']));
  });

  it('a team member’s material can be used, not changed', async () => {
    render('/modi-poster-material/a-2');
    expect(await screen.findByTestId('material-read-only')).toBeInTheDocument();
    expect(screen.getByTestId('material-owner')).toHaveTextContent('团队成员共享');
    expect(screen.queryByTestId('material-edit')).toBeNull();
    expect(screen.queryByTestId('material-delete')).toBeNull();
    fireEvent.click(screen.getByTestId('material-use'));
    expect(screen.getByTestId('where')).toHaveTextContent('/modi-poster?asset=a-2');
  });

  it('on a phone "use in a poster" opens the template library with the material', async () => {
    render('/modi-poster-material/a-1', true);
    fireEvent.click(await screen.findByTestId('material-use'));
    expect(screen.getByTestId('where')).toHaveTextContent('/template?asset=a-1');
  });

  it('says when the material is gone', async () => {
    render('/modi-poster-material/nope');
    expect(await screen.findByTestId('material-not-found')).toHaveTextContent('素材不存在或已被删除');
    expect(getToast()).toBeNull();
  });

  it('says a failed load apart from a missing material', async () => {
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) =>
      url.startsWith('/api/poster-assets/') ? jsonResponse(500, { code: 1, error: 'INTERNAL', msg: '服务器繁忙' }) : fakeApi(url, init),
    );
    render('/modi-poster-material/a-1');
    expect(await screen.findByTestId('material-error')).toHaveTextContent('素材加载失败');
  });
});
