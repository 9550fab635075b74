import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, getToast } from '../../../lib/toast';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { FeedbackDialog } from './FeedbackDialog';

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

describe('FeedbackDialog', () => {
  it('submit stays disabled until title and content are filled, then posts and shows 反馈成功', async () => {
    const onClose = vi.fn();
    renderWithProviders(<FeedbackDialog open onClose={onClose} />);
    const submit = await screen.findByTestId('feedback-submit');
    expect(submit).toBeDisabled();
    fireEvent.change(screen.getByTestId('feedback-title'), { target: { value: '标题' } });
    expect(submit).toBeDisabled();
    fireEvent.change(screen.getByTestId('feedback-content'), { target: { value: '内容' } });
    expect(submit).toBeEnabled();
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { code: 0, msg: '反馈成功', data: true }));
    fireEvent.click(submit);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/feedback');
    expect(JSON.parse(init.body as string)).toEqual({ title: '标题', content: '内容', attachments: [] });
    expect(getToast()?.message).toBe('反馈成功');
  });

  it('refuses a gif or an image over 20 MB before uploading, and shows 上传中 while uploading', async () => {
    renderWithProviders(<FeedbackDialog open onClose={() => {}} />);
    const input = await screen.findByTestId('feedback-image');
    fireEvent.change(input, { target: { files: [new File(['x'], 'a.gif', { type: 'image/gif' })] } });
    expect(getToast()?.message).toBe('请上传大小20M以内图片');
    const big = new File(['x'], 'big.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 20971521 });
    fireEvent.change(input, { target: { files: [big] } });
    expect(fetchMock).not.toHaveBeenCalled();

    let answer: (r: Response) => void = () => {};
    fetchMock.mockReturnValueOnce(new Promise<Response>((r) => (answer = r)));
    fireEvent.change(input, { target: { files: [new File(['png'], 'a.png', { type: 'image/png' })] } });
    expect(await screen.findByTestId('feedback-uploading')).toHaveTextContent('上传中');
    answer(jsonResponse(200, { code: 0, msg: '', data: { urls: ['/api/files/uploads/abc'] } }));
    expect(await screen.findByTestId('feedback-image-done')).toHaveTextContent('a.png');
    expect(fetchMock.mock.calls[0][0]).toBe('/api/feedback/uploads');
  });
});
