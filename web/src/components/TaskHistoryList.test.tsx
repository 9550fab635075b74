import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../lib/i18n';
import { TASK_TYPES_PAYLOAD } from '../lib/taskTypes.fixture';
import { dismissToast } from '../lib/toast';
import { captureDownloads, pngResponse } from '../test/downloads';
import { jsonResponse, renderWithProviders } from '../test/render';
import { TaskHistoryList } from './TaskHistoryList';

const result = (kind: string, url: string) => ({ kind, url, width: 720, height: 1280 });
const task = (taskId: string, bizType: string, results: unknown[]) => ({
  taskId,
  bizType,
  status: 'SUCCESS',
  progress: 100,
  results,
  errorMsg: null,
  createdAt: '2026-11-21T10:00:00Z',
  finishedAt: '2026-11-21T10:01:00Z',
});

const failed = (taskId: string, bizType: string, status: 'FAILED' | 'TIMEOUT', extra: Record<string, unknown>) => ({
  ...task(taskId, bizType, []),
  status,
  ...extra,
});

const tasks = [
  task('v1', 'IMG_2_VEDIO', [result('video', '/api/files/v1/clip.mp4'), result('poster', '/api/files/v1/poster.png')]),
  task('v2', 'IMG_2_VEDIO', [result('video', '/api/files/v2/clip.mp4')]),
  task('p1', 'PRODUCT_IMAGE', [result('image', '/api/files/p1/out.png'), result('thumbnail', '/api/files/p1/out.webp')]),
  task('x1', 'TEXT_REWRITE', [
    { kind: 'text', url: '/api/files/x1/0', width: 0, height: 0, copy: { shape: 'note', title: '秋冬必备好物', paragraphs: ['正文'], tags: [] } },
  ]),
  failed('xf', 'TEXT_REWRITE', 'FAILED', {
    params: { content: '这款保温杯能保温12小时，适合冬天通勤', socialPlatform: 'red', style: 'lively', genNum: 1 },
    errorCode: 'COPY_GENERATION_FAILED',
    errorMsg: '文案生成失败，请稍后重试',
  }),
  failed('tf', 'THEME_ARTICLE_GEN', 'TIMEOUT', { params: { topic: '冬季保暖好物推荐', genNum: 1 } }),
  failed('vf', 'HOT_VIDEO_REWRITE', 'FAILED', {
    params: { videoUrl: '/api/files/uploads/clip.mp4', genNum: 1 },
    errorCode: 'VIDEO_NO_SPEECH',
    errorMsg: '视频中没有识别到语音',
  }),
  failed('pf', 'PRODUCT_IMAGE', 'FAILED', { errorMsg: '生成失败' }),
];

let downloaded: string[];
beforeEach(() => {
  downloaded = captureDownloads();
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) =>
      Promise.resolve(
        url.startsWith('/api/tasks?')
          ? jsonResponse(200, { code: 0, msg: '', data: { list: tasks, total: tasks.length } })
          : url.startsWith('/api/task-types')
            ? jsonResponse(200, { code: 0, msg: '', data: TASK_TYPES_PAYLOAD })
            : pngResponse(),
      ),
    ),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
  setLang('zh');
});

const user = { user: { id: 1, phone: '13800138000' } } as const;
const cell = (taskId: string) => screen.getByTestId('creation-history').querySelector(`[data-task-id="${taskId}"]`)?.parentElement as HTMLElement;

describe('TaskHistoryList (creation space)', () => {
  it('names every type, never its code', async () => {
    renderWithProviders(<TaskHistoryList title="历史" downloads testId="creation-history" />, user);
    await screen.findAllByTestId('history-item');
    const list = screen.getByTestId('creation-history');
    expect(list).not.toHaveTextContent('IMG_2_VEDIO');
    expect(list).not.toHaveTextContent('PRODUCT_IMAGE');
    expect(cell('v1')).toHaveTextContent('图生视频');
    expect(cell('p1')).toHaveTextContent('商品图');
  });

  it('a video shows its poster, or its first frame, and downloads the clip', async () => {
    renderWithProviders(<TaskHistoryList title="历史" downloads testId="creation-history" />, user);
    await screen.findAllByTestId('history-item');
    const poster = within(cell('v1'));
    await waitFor(() => expect(poster.getByTestId('history-thumb')).toBeInTheDocument());
    expect(poster.getByTestId('history-video-badge')).toBeInTheDocument();

    const frame = await within(cell('v2')).findByTestId('history-video');
    expect(frame).toHaveAttribute('preload', 'metadata');

    const download = poster.getByTestId('history-download');
    expect(download).toHaveTextContent('下载视频');
    fireEvent.click(download);
    await waitFor(() => expect(downloaded).toEqual(['pixmart-video-v1.mp4']));
  });

  it('an image task shows its thumbnail and the date in the app language', async () => {
    setLang('en');
    renderWithProviders(<TaskHistoryList title="History" downloads testId="creation-history" />, user);
    await screen.findAllByTestId('history-item');
    expect(cell('p1')).toHaveTextContent('Product image');
    expect(cell('p1')).toHaveTextContent('Nov 21, 2026');
    await waitFor(() => expect(within(cell('p1')).getByTestId('history-thumb')).toBeInTheDocument());
    expect(vi.mocked(fetch).mock.calls.map(([u]) => String(u))).toContain('/api/files/p1/out.webp');
  });

  it('a text task shows the start of its first answer instead of a picture, and downloads it as .txt', async () => {
    renderWithProviders(<TaskHistoryList title="历史" downloads testId="creation-history" />, user);
    await screen.findAllByTestId('history-item');
    expect(cell('x1')).toHaveTextContent('文案改写');
    expect(within(cell('x1')).getByTestId('history-text-snippet')).toHaveTextContent('秋冬必备好物');
    expect(within(cell('x1')).queryByTestId('history-thumb')).toBeNull();
    const download = within(cell('x1')).getByTestId('history-download');
    expect(download).toHaveTextContent('下载文案');
    fireEvent.click(download);
    await waitFor(() => expect(downloaded).toEqual(['text_rewrite-x1.txt']));
  });

  it('a failed text task is a text card: its source, the server message and the refund, no picture and no download', async () => {
    renderWithProviders(<TaskHistoryList title="历史" downloads testId="creation-history" />, user);
    await screen.findAllByTestId('history-item');
    const rewrite = within(cell('xf'));
    await waitFor(() => expect(rewrite.getByTestId('history-text-card')).toBeInTheDocument());
    expect(rewrite.getByTestId('history-text-source')).toHaveTextContent('这款保温杯能保温12小时');
    expect(rewrite.getByTestId('history-text-error')).toHaveTextContent('文案生成失败，请稍后重试');
    expect(rewrite.getByTestId('history-refunded')).toHaveTextContent('灵石已返还');
    expect(cell('xf').querySelector('.checkerboard, img, video')).toBeNull();
    expect(rewrite.queryByTestId('history-download')).toBeNull();

    // A timed-out topic article: the topic, the status, the refund (no message from the server).
    const topic = within(cell('tf'));
    expect(topic.getByTestId('history-text-source')).toHaveTextContent('冬季保暖好物推荐');
    expect(topic.getByTestId('history-text-card')).toHaveTextContent('超时');
    expect(topic.queryByTestId('history-text-error')).toBeNull();
    expect(topic.getByTestId('history-refunded')).toBeInTheDocument();

    // A video the worker never read: no source line, still a text card.
    const video = within(cell('vf'));
    expect(video.queryByTestId('history-text-source')).toBeNull();
    expect(video.getByTestId('history-text-error')).toHaveTextContent('视频中没有识别到语音');
    expect(cell('vf').querySelector('.checkerboard, video')).toBeNull();

    // A failed image task keeps its image-grid status.
    expect(within(cell('pf')).queryByTestId('history-text-card')).toBeNull();
    expect(cell('pf').querySelector('.checkerboard')).not.toBeNull();
  });

  it('says the refund in English', async () => {
    setLang('en');
    renderWithProviders(<TaskHistoryList title="History" downloads testId="creation-history" />, user);
    await screen.findAllByTestId('history-item');
    await waitFor(() => expect(within(cell('xf')).getByTestId('history-refunded')).toHaveTextContent('Coins returned'));
    expect(within(cell('xf')).getByTestId('history-text-card')).toHaveTextContent('Failed');
  });
});
