import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../../../lib/i18n';
import { TASK_TYPES_PAYLOAD } from '../../../lib/taskTypes.fixture';
import { dismissToast, getToast } from '../../../lib/toast';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { RewriteImagePage } from './RewriteImagePage';
import { RewriteVideoPage } from './RewriteVideoPage';

const ok = (data: unknown) => jsonResponse(200, { code: 0, msg: '', data });
const enc = new TextEncoder();
const frame = (event: string, data: unknown) => enc.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);

const NOTE = { shape: 'note', title: '冰丝防晒衣', paragraphs: ['夏天必备'], tags: ['防晒'] };
const SCRIPT = { shape: 'script', title: 'Bottle', shots: [{ visual: 'Close-up', narration: 'Cold for twelve hours', seconds: 3 }], tags: ['bottle'] };
const OCR = '夏日清凉 冰丝防晒衣\n限时特惠 第二件半价';
const task = (bizType: string, status: string, extra: Record<string, unknown> = {}) => ({
  taskId: 't1',
  bizType,
  status,
  progress: status === 'SUCCESS' ? 100 : 10,
  params: null,
  results: [],
  errorMsg: null,
  createdAt: '2026-11-27T00:00:00Z',
  waitingForPool: false,
  ...extra,
});
const answer = (copy: unknown) => ({ url: '/api/files/t1/0.txt', kind: 'text', width: 0, height: 0, copy, rating: null });

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
function pngFile(name: string, size = 600 * 1024): File {
  const bytes = new Uint8Array(size);
  bytes.set(PNG_HEAD);
  return new File([bytes], name, { type: 'image/png' });
}
const readSize = async () => ({ width: 1024, height: 1024 });

/** A video file of `size` bytes (its content does not matter to the client). */
function videoFile(name: string, type: string, size = 1024): File {
  const file = new File([new Uint8Array(16)], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

let submitted: { bizType: string; params: Record<string, unknown> }[];
let uploads: number;
let videoUploads: number;
let videoAnswer: () => Response;
let stream: ReadableStreamDefaultController<Uint8Array> | null;
let streamFails: boolean;
let taskNow: () => unknown;

async function fakeApi(url: string, init?: RequestInit): Promise<Response> {
  const path = url.split('?')[0];
  const method = init?.method ?? 'GET';
  if (path === '/api/config') return jsonResponse(404, { code: 4004, msg: 'nf', error: 'NOT_FOUND', data: null });
  if (path === '/api/task-types') return ok(TASK_TYPES_PAYLOAD);
  if (path === '/api/capabilities') return ok({ pool: 'default', bizTypes: {} });
  if (path === '/api/uploads' && method === 'POST') {
    // A note's pictures are checked by the server's note rules.
    expect(url).toContain('purpose=note');
    return ok({ urls: [`/api/files/uploads/${++uploads}.png`], width: 1024, height: 1024 });
  }
  if (path === '/api/uploads/video' && method === 'POST') {
    videoUploads++;
    return videoAnswer();
  }
  if (path === '/api/tasks' && method === 'POST') {
    submitted.push(JSON.parse(String(init?.body)));
    return ok({ taskId: 't1' });
  }
  if (path === '/api/tasks') return ok({ list: [], total: 0 });
  if (path === '/api/tasks/t1/events') {
    if (streamFails) return jsonResponse(500, { code: 5000, error: 'INTERNAL', msg: 'boom' });
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        stream = c;
      },
    });
    return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
  }
  if (path === '/api/tasks/t1') return ok(taskNow());
  return jsonResponse(404, { code: 4004, msg: 'nf', error: 'NOT_FOUND', data: null });
}

let writeText: ReturnType<typeof vi.fn>;
const realCreate = URL.createObjectURL;
const realRevoke = URL.revokeObjectURL;
beforeEach(() => {
  submitted = [];
  uploads = 0;
  videoUploads = 0;
  videoAnswer = () => ok({ urls: ['/api/files/uploads/clip.mp4'], durationMs: 5200, width: 320, height: 240 });
  stream = null;
  streamFails = false;
  taskNow = () => task('HOT_PIC_REWRITE', 'RUNNING');
  let n = 0;
  URL.createObjectURL = vi.fn(() => `blob:test/${++n}`);
  URL.revokeObjectURL = vi.fn();
  vi.stubGlobal('fetch', vi.fn(fakeApi));
  writeText = vi.fn(() => Promise.resolve());
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(() => {
  vi.unstubAllGlobals();
  URL.createObjectURL = realCreate;
  URL.revokeObjectURL = realRevoke;
  dismissToast();
  setLang('zh');
});

const user = { user: { id: 1, phone: '13800138000' } } as const;
const renderPage = (page: 'image' | 'video') =>
  renderWithProviders(<MemoryRouter>{page === 'image' ? <RewriteImagePage readSize={readSize} /> : <RewriteVideoPage />}</MemoryRouter>, user as never);

const chooseImages = (...files: File[]) => fireEvent.change(screen.getByTestId('file-input'), { target: { files } });
const chooseVideo = (file: File) => fireEvent.change(screen.getByTestId('video-input'), { target: { files: [file] } });
const ready = () => waitFor(() => expect(screen.getByTestId('generate-button')).toBeEnabled());

describe('/rewrite-image', () => {
  it('costs price × count, and refuses to generate without an image', async () => {
    renderPage('image');
    // perResult 10 × the server's default count 2.
    await waitFor(() => expect(screen.getByTestId('generate-cost')).toHaveTextContent('20'));
    expect(screen.getByTestId('rewrite-platform-redbook')).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByTestId('rewrite-style-humorous')).toHaveTextContent('整活幽默');
    expect(screen.queryByTestId('rewrite-language')).toBeNull();
    expect(screen.getByTestId('note-images-count')).toHaveTextContent('0/9');
    fireEvent.click(screen.getByTestId('generate-button'));
    expect(getToast()?.message).toBe('请先上传至少一张图片');
    expect(screen.getByTestId('note-images-error')).toHaveTextContent('请先上传至少一张图片');
    expect(submitted).toEqual([]);
  });

  it('uploads the images one by one, removes one, and submits their URLs with the options', async () => {
    renderPage('image');
    await ready();
    chooseImages(pngFile('a.png'), pngFile('b.png'), pngFile('c.png'));
    await waitFor(() => expect(screen.getAllByTestId('note-image')).toHaveLength(3));
    expect(uploads).toBe(3);
    expect(screen.getByTestId('note-images-count')).toHaveTextContent('3/9');
    fireEvent.click(screen.getAllByTestId('note-image-remove')[1]);
    expect(screen.getAllByTestId('note-image')).toHaveLength(2);
    // A small screenshot passes (a note's rules, not a product photo's);
    // a file that is not an image is refused before upload.
    chooseImages(pngFile('small-screenshot.png', 1000));
    await waitFor(() => expect(screen.getAllByTestId('note-image')).toHaveLength(3));
    fireEvent.click(screen.getAllByTestId('note-image-remove')[2]);
    chooseImages(new File(['not an image'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByTestId('note-images-error')).toHaveTextContent('请选择正确的格式');
    expect(uploads).toBe(4);

    fireEvent.click(screen.getByTestId('rewrite-platform-weibo'));
    fireEvent.click(screen.getByTestId('rewrite-style-professional'));
    fireEvent.change(screen.getByTestId('rewrite-genNum'), { target: { value: '1' } });
    expect(screen.getByTestId('generate-cost')).toHaveTextContent('10');
    fireEvent.click(screen.getByTestId('generate-button'));
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]).toEqual({
      bizType: 'HOT_PIC_REWRITE',
      params: { imageUrls: ['/api/files/uploads/1.png', '/api/files/uploads/3.png'], socialPlatform: 'weibo', style: 'professional', genNum: 1 },
    });
  });

  it('takes no more than imagesMax images', async () => {
    renderPage('image');
    await ready();
    chooseImages(...Array.from({ length: 11 }, (_, i) => pngFile(`${i}.png`)));
    await waitFor(() => expect(screen.getByTestId('note-images-error')).toHaveTextContent('最多上传 9 张图片'));
    expect(screen.getAllByTestId('note-image')).toHaveLength(9);
    expect(uploads).toBe(9);
    expect(screen.getByTestId('note-images-count')).toHaveTextContent('9/9');
    expect(screen.queryByTestId('note-image-add')).toBeNull();
    fireEvent.click(screen.getAllByTestId('note-image-remove')[0]);
    expect(screen.getByTestId('note-image-add')).toBeInTheDocument();
  });

  it('shows the recognised text as soon as the worker has it, then the streamed and laid-out answers', async () => {
    renderPage('image');
    await ready();
    chooseImages(pngFile('a.png'));
    await waitFor(() => expect(screen.getAllByTestId('note-image')).toHaveLength(1));
    fireEvent.click(screen.getByTestId('generate-button'));
    await waitFor(() => expect(stream).not.toBeNull());
    act(() => stream?.enqueue(frame('task', task('HOT_PIC_REWRITE', 'RUNNING'))));
    await waitFor(() => expect(screen.getByTestId('stop-task')).toBeInTheDocument());
    expect(screen.getByRole('progressbar')).toHaveAccessibleName('AI 正在识别图片文字并改写…');
    expect(screen.queryByTestId('source-text')).toBeNull();
    act(() => {
      stream?.enqueue(frame('task', task('HOT_PIC_REWRITE', 'RUNNING', { sourceText: OCR })));
      stream?.enqueue(frame('text', { kind: 'text', index: 0, attempt: 0, text: '冰丝' }));
    });
    const block = await screen.findByTestId('source-text');
    expect(within(block).getByTestId('source-text-label')).toHaveTextContent('识别到的文字');
    expect(within(block).getByTestId('source-text-body')).toHaveTextContent('冰丝防晒衣');
    expect(block).toHaveAttribute('open');
    await waitFor(() => expect(screen.getByTestId('live-text')).toHaveTextContent('冰丝'));

    act(() => {
      stream?.enqueue(frame('task', task('HOT_PIC_REWRITE', 'SUCCESS', { sourceText: OCR, results: [answer(NOTE)] })));
      stream?.close();
    });
    const card = await screen.findByTestId('text-result');
    expect(within(card).getByTestId('text-result-title')).toHaveTextContent('冰丝防晒衣');
    expect(screen.getByTestId('source-text-body')).toHaveTextContent('第二件半价');
    fireEvent.click(screen.getByTestId('source-text-copy'));
    await waitFor(() => expect(getToast()?.message).toBe('复制成功～'));
    expect(writeText).toHaveBeenCalledWith(OCR);
  });

  it('says no text was found in the images, and that the coins were returned (in English too)', async () => {
    setLang('en');
    streamFails = true;
    taskNow = () => task('HOT_PIC_REWRITE', 'FAILED', { errorCode: 'OCR_NO_TEXT', errorMsg: 'No text was found in the images', sourceText: null });
    renderPage('image');
    await ready();
    expect(screen.getByText('Image rewrite')).toBeInTheDocument();
    chooseImages(pngFile('a.png'));
    await waitFor(() => expect(screen.getAllByTestId('note-image')).toHaveLength(1));
    fireEvent.click(screen.getByTestId('generate-button'));
    const failed = await screen.findByTestId('task-error');
    expect(failed).toHaveAttribute('data-error-code', 'OCR_NO_TEXT');
    expect(failed).toHaveTextContent('No text was found in the images');
    expect(failed).not.toHaveTextContent('Rewrite failed');
    expect(within(failed).getByTestId('task-refunded')).toHaveTextContent('The coins for this task have been returned');
    expect(screen.queryByTestId('task-error-detail')).toBeNull();
    expect(screen.queryByTestId('source-text')).toBeNull();
    expect(screen.queryByTestId('text-result')).toBeNull();
  });
});

describe('/rewrite-video', () => {
  it('costs price × count, has no platform, and refuses to generate without a video', async () => {
    renderPage('video');
    await waitFor(() => expect(screen.getByTestId('generate-cost')).toHaveTextContent('20'));
    expect(screen.queryByTestId('rewrite-platform')).toBeNull();
    expect(screen.queryByTestId('rewrite-language')).toBeNull();
    expect(screen.getByTestId('rewrite-script-note')).toHaveTextContent('短视频脚本');
    expect(screen.getByTestId('video-field')).toHaveTextContent('不超过 50MB、180 秒');
    fireEvent.click(screen.getByTestId('generate-button'));
    expect(getToast()?.message).toBe('请先上传视频');
    expect(screen.getByTestId('video-error')).toHaveTextContent('请先上传视频');
    expect(submitted).toEqual([]);
  });

  it('refuses a too large or wrongly typed video before uploading it', async () => {
    renderPage('video');
    await ready();
    chooseVideo(videoFile('big.mp4', 'video/mp4', 52428800 + 1));
    expect(await screen.findByTestId('video-error')).toHaveTextContent('视频不能超过 50MB');
    chooseVideo(videoFile('clip.webm', 'video/webm'));
    await waitFor(() => expect(screen.getByTestId('video-error')).toHaveTextContent('仅支持 MP4 或 MOV'));
    chooseVideo(videoFile('clip.avi', ''));
    await waitFor(() => expect(screen.getByTestId('video-error')).toHaveTextContent('仅支持 MP4 或 MOV'));
    expect(videoUploads).toBe(0);
    expect(screen.queryByTestId('video-preview')).toBeNull();
  });

  it("shows the server's reason for refusing a video under the field", async () => {
    videoAnswer = () => jsonResponse(400, { code: 4000, error: 'VIDEO_UPLOAD_NO_AUDIO', msg: '视频没有音轨' });
    renderPage('video');
    await ready();
    chooseVideo(videoFile('mute.mov', 'video/quicktime'));
    const error = await screen.findByTestId('video-error');
    expect(error).toHaveTextContent('视频没有音轨');
    expect(error).toHaveAttribute('data-code', 'VIDEO_UPLOAD_NO_AUDIO');
    expect(videoUploads).toBe(1);
    expect(screen.queryByTestId('video-preview')).toBeNull();
  });

  it('plays the uploaded video with its length, submits it, and shows the transcript with the script', async () => {
    streamFails = true;
    taskNow = () => task('HOT_VIDEO_REWRITE', 'SUCCESS', { sourceText: 'This water bottle keeps drinks cold for twelve hours', results: [answer(SCRIPT)] });
    renderPage('video');
    await ready();
    chooseVideo(videoFile('clip.mp4', 'video/mp4', 300_000));
    const video = await screen.findByTestId('video-preview');
    expect(video.tagName).toBe('VIDEO');
    expect(video).toHaveAttribute('src', 'blob:test/1');
    expect(screen.getByTestId('video-duration')).toHaveTextContent('时长 0:05');
    fireEvent.click(screen.getByTestId('rewrite-style-lively'));
    fireEvent.change(screen.getByTestId('video-speech-language'), { target: { value: 'en' } });
    fireEvent.click(screen.getByTestId('generate-button'));
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]).toEqual({
      bizType: 'HOT_VIDEO_REWRITE',
      params: { videoUrl: '/api/files/uploads/clip.mp4', speechLanguage: 'en', style: 'lively', genNum: 2 },
    });

    const card = await screen.findByTestId('text-result');
    expect(card).toHaveAttribute('data-shape', 'script');
    expect(within(card).getByTestId('shot-table')).toHaveTextContent('Cold for twelve hours');
    expect(screen.getByTestId('source-text-label')).toHaveTextContent('视频文案转写');
    expect(screen.getByTestId('source-text-body')).toHaveTextContent('water bottle');

    fireEvent.click(screen.getByTestId('video-remove'));
    expect(screen.queryByTestId('video-preview')).toBeNull();
    expect(screen.getByTestId('video-pick')).toBeInTheDocument();
  });

  it('says no speech was found in the video, with the refund, and keeps a transcript read before a failure', async () => {
    setLang('en');
    streamFails = true;
    taskNow = () => task('HOT_VIDEO_REWRITE', 'FAILED', { errorCode: 'VIDEO_NO_SPEECH', errorMsg: 'No speech was found in the video' });
    const { unmount } = renderPage('video');
    await ready();
    chooseVideo(videoFile('silent.mp4', 'video/mp4'));
    await screen.findByTestId('video-preview');
    expect(screen.getByTestId('video-duration')).toHaveTextContent('Length 0:05');
    fireEvent.click(screen.getByTestId('generate-button'));
    const failed = await screen.findByTestId('task-error');
    expect(failed).toHaveAttribute('data-error-code', 'VIDEO_NO_SPEECH');
    expect(failed).toHaveTextContent('No speech was found in the video');
    expect(within(failed).getByTestId('task-refunded')).toBeInTheDocument();
    expect(screen.queryByTestId('text-result')).toBeNull();
    expect(screen.queryByTestId('shot-table')).toBeNull();
    unmount();

    // Another failure (the copy could not be written) keeps the transcript the worker read.
    taskNow = () =>
      task('HOT_VIDEO_REWRITE', 'FAILED', {
        errorCode: 'COPY_GENERATION_FAILED',
        errorMsg: 'The copy could not be written; your coins have been returned, please try again',
        sourceText: 'This water bottle keeps drinks cold',
      });
    renderPage('video');
    await ready();
    chooseVideo(videoFile('clip.mp4', 'video/mp4'));
    await screen.findByTestId('video-preview');
    fireEvent.click(screen.getByTestId('generate-button'));
    const other = await screen.findByTestId('task-error');
    expect(other).toHaveTextContent('Rewrite failed');
    expect(other).toHaveTextContent('your coins have been returned');
    expect(screen.getByTestId('source-text-label')).toHaveTextContent('Transcript');
    expect(screen.getByTestId('source-text-body')).toHaveTextContent('water bottle');
  });
});
