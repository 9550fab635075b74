import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeLoginDialog, isLoginDialogOpen } from '../lib/session';
import { dismissToast, getToast } from '../lib/toast';
import { jsonResponse, renderWithProviders } from '../test/render';
import { ImageUploader } from './ImageUploader';

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function pngFile(size: number): File {
  const bytes = new Uint8Array(size);
  bytes.set(PNG_HEAD);
  return new File([bytes], 'product.png', { type: 'image/png' });
}

const readSize = async () => ({ width: 1024, height: 1024 });
const user = { id: 1, phone: '13800138000' };
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  closeLoginDialog();
  dismissToast();
});

const choose = (file: File) => fireEvent.change(screen.getByTestId('file-input'), { target: { files: [file] } });

describe('ImageUploader', () => {
  it('refuses a too-small file with the size message, before any request', async () => {
    renderWithProviders(<ImageUploader previewUrl={null} onUploaded={vi.fn()} readSize={readSize} />, { user });
    choose(pngFile(1000));
    expect(await screen.findByTestId('upload-error')).toHaveTextContent('图片至少需要500KB');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a wrong type with the format message', async () => {
    renderWithProviders(<ImageUploader previewUrl={null} onUploaded={vi.fn()} readSize={readSize} />, { user });
    choose(new File(['GIF89a'.padEnd(600_000, 'x')], 'a.gif', { type: 'image/gif' }));
    expect(await screen.findByTestId('upload-error')).toHaveTextContent('请选择正确的格式');
  });

  it('opens the login dialog for a visitor instead of uploading', async () => {
    renderWithProviders(<ImageUploader previewUrl={null} onUploaded={vi.fn()} readSize={readSize} />);
    fireEvent.click(screen.getByTestId('upload-zone'));
    expect(isLoginDialogOpen()).toBe(true);
    closeLoginDialog();
    choose(pngFile(600_000));
    await waitFor(() => expect(isLoginDialogOpen()).toBe(true));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('uploads a valid file as multipart `file` and reports the URL', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { code: 0, msg: '', data: { urls: ['/api/files/uploads/9'] } }));
    const onUploaded = vi.fn();
    renderWithProviders(<ImageUploader previewUrl={null} onUploaded={onUploaded} readSize={readSize} />, { user });
    const file = pngFile(600_000);
    choose(file);
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith({ url: '/api/files/uploads/9', file }));
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/uploads');
    expect((init.body as FormData).get('file')).toBeInstanceOf(File);
  });

  it('blocks a second upload while one runs (上传中)', async () => {
    let release: (r: Response) => void = () => {};
    fetchMock.mockReturnValue(new Promise<Response>((r) => (release = r)));
    const onUploaded = vi.fn();
    renderWithProviders(<ImageUploader previewUrl={null} onUploaded={onUploaded} readSize={readSize} />, { user });
    choose(pngFile(600_000));
    await screen.findByTestId('upload-status');
    choose(pngFile(600_000));
    expect(getToast()).toMatchObject({ type: 'warning', message: '上传中' });
    release(jsonResponse(200, { code: 0, msg: '', data: { urls: ['/api/files/uploads/1'] } }));
    await waitFor(() => expect(onUploaded).toHaveBeenCalledTimes(1));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
