import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../../../lib/i18n';
import { TASK_TYPES_PAYLOAD } from '../../../lib/taskTypes.fixture';
import { dismissToast, getToast } from '../../../lib/toast';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { PosterEditor } from '../components/PosterEditor';
import { resetPosterSession } from '../session';
import type { PosterTemplateEntry } from '../template';
import { FILL_STORAGE_KEY, resetFillTasks } from './storage';
import { loadTemplate } from './template.fixture';

const template = loadTemplate('new-arrival-minimal');
const entry: PosterTemplateEntry = { id: template.id, category: template.category, name: template.name.zh, aspect: '3:4', width: 1080, height: 1440, template };

const ok = (data: unknown) => jsonResponse(200, { code: 0, msg: '', data });
const task = (status: string, extra: Record<string, unknown> = {}) => ({ taskId: 'fill-1', bizType: 'POSTER_COPY_GEN', status, progress: 0, results: [], ...extra });
const SUCCESS = task('SUCCESS', {
  progress: 100,
  // No subtitle: the merchant's subtitle stays.
  results: [{ kind: 'text', url: '/api/files/results/fill-1.txt', width: 0, height: 0, slotTexts: { title: '保温杯上新', cta: '马上抢购' } }],
});

let submitted: { bizType: string; params: Record<string, unknown> }[];
let answers: unknown[];
let capability: string | null;
let offered: boolean;
let refuse: boolean;

async function fakeApi(url: string, init?: RequestInit): Promise<Response> {
  const path = url.split('?')[0];
  if (path === '/api/task-types') {
    const { POSTER_COPY_GEN, ...rest } = TASK_TYPES_PAYLOAD.taskTypes;
    const types = { ...rest, ...(offered ? { POSTER_COPY_GEN } : {}), PLACARD_GEN: { family: 'compose', price: { rule: 'perTask', lingshi: 5 }, limits: { textMaxChars: 40 } } };
    return ok({ ...TASK_TYPES_PAYLOAD, taskTypes: types });
  }
  if (path === '/api/capabilities') {
    return ok({ pool: 'default', bizTypes: capability ? { POSTER_COPY_GEN: { bizType: 'POSTER_COPY_GEN', state: capability, missingModels: [] } } : {} });
  }
  if (path === '/api/tasks' && init?.method === 'POST') {
    if (refuse) return jsonResponse(400, { code: 400, msg: '内容过长', error: 'COPY_SOURCE_TOO_LONG', field: 'content', data: null });
    submitted.push(JSON.parse(String(init.body)));
    return ok({ taskId: 'fill-1', status: 'NEW' });
  }
  if (path === '/api/tasks/fill-1') return ok(answers.length > 1 ? answers.shift() : answers[0]);
  return jsonResponse(404, { code: 404, msg: 'nf', error: 'NOT_FOUND', data: null });
}

beforeEach(() => {
  submitted = [];
  answers = [SUCCESS];
  capability = 'available';
  offered = true;
  refuse = false;
  resetPosterSession();
  resetFillTasks();
  sessionStorage.clear();
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  vi.stubGlobal('fetch', vi.fn(fakeApi));
});
afterEach(() => {
  act(() => setLang('zh'));
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  dismissToast();
});

const render = (mobile = false) =>
  renderWithProviders(
    <MemoryRouter>
      <PosterEditor entry={entry} mobile={mobile} />
    </MemoryRouter>,
    { user: { id: 1, phone: '13800138000' } as never, productType: 'free' },
  );

/** Types the content and presses "write the words" once the price is known. */
async function fill(content: string) {
  await screen.findByTestId('poster-fill-cost');
  fireEvent.change(screen.getByTestId('poster-fill-content'), { target: { value: content } });
  fireEvent.click(screen.getByTestId('poster-fill-submit'));
}

describe('PosterFillPanel', () => {
  it('writes the words from a product: the right params, the returned slots filled, the others kept, one undo step', async () => {
    render();
    await waitFor(() => expect(screen.getByTestId('poster-fill-cost')).toHaveTextContent('2 灵石'));
    expect(screen.getByTestId('poster-fill-submit')).toHaveTextContent('生成文案');
    fireEvent.change(screen.getByTestId('text-slot-subtitle'), { target: { value: '我的副标题' } });
    await fill(' 316不锈钢保温杯，保温24小时，¥89 ');
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]).toEqual({
      bizType: 'POSTER_COPY_GEN',
      params: { source: 'product', content: '316不锈钢保温杯，保温24小时，¥89', language: 'zh', templateId: 'new-arrival-minimal' },
    });

    await waitFor(() => expect(screen.getByTestId('text-slot-title')).toHaveValue('保温杯上新'));
    expect(screen.getByTestId('text-slot-cta')).toHaveValue('马上抢购');
    expect(screen.getByTestId('text-slot-subtitle')).toHaveValue('我的副标题');
    expect(screen.getByTestId('text-slot-tag')).toHaveValue('NEW ARRIVAL');
    expect(screen.getByTestId('poster-fill-done')).toHaveTextContent('已填入2处文字');
    expect(getToast()?.message).toBe('已填入2处文字');

    // One step: Undo brings back the words before, the subtitle edit included.
    fireEvent.click(screen.getByTestId('poster-undo'));
    expect(screen.getByTestId('text-slot-title')).toHaveValue('焕新登场');
    expect(screen.getByTestId('text-slot-cta')).toHaveValue('立即抢先');
    expect(screen.getByTestId('text-slot-subtitle')).toHaveValue('我的副标题');
    fireEvent.click(screen.getByTestId('poster-redo'));
    expect(screen.getByTestId('text-slot-title')).toHaveValue('保温杯上新');
  });

  it('is in the phone editor too (/template-edit)', async () => {
    render(true);
    await fill('保温杯 ¥89');
    await waitFor(() => expect(screen.getByTestId('text-slot-title')).toHaveValue('保温杯上新'));
    expect(submitted[0]?.params).toMatchObject({ source: 'product', templateId: 'new-arrival-minimal' });
  });

  it('keeps the product text for the session', async () => {
    const first = render();
    await fill('保温杯 500ml');
    await screen.findByTestId('poster-fill-done');
    expect(JSON.parse(sessionStorage.getItem(FILL_STORAGE_KEY) ?? '{}')).toMatchObject({ source: 'product', product: '保温杯 500ml' });
    first.unmount();
    render();
    expect(screen.getByTestId('poster-fill-content')).toHaveValue('保温杯 500ml');
  });

  it('sends an idea in the page language, with the edited template', async () => {
    act(() => setLang('en'));
    render();
    fireEvent.focus(screen.getByTestId('text-slot-title'));
    fireEvent.click(await screen.findByTestId('poster-swatch-darkGrey'));
    fireEvent.click(screen.getByTestId('poster-fill-source-idea'));
    expect(screen.getByTestId('poster-fill-source-idea')).toHaveAttribute('aria-selected', 'true');
    await fill('Spring sale, 20% off');
    await waitFor(() => expect(submitted).toHaveLength(1));
    const params = submitted[0]?.params as { source: string; language: string; templateId: string; template?: { layers: { id: string; color?: string }[] } };
    expect(params).toMatchObject({ source: 'idea', content: 'Spring sale, 20% off', language: 'en', templateId: 'new-arrival-minimal' });
    const colourOf = (layers: readonly { id: string; color?: string | null }[] | undefined) => layers?.find((l) => l.id === 'title')?.color;
    expect(colourOf(params.template?.layers)).toBeDefined();
    expect(colourOf(params.template?.layers)).not.toBe(colourOf(template.layers));
    await waitFor(() => expect(screen.getByTestId('poster-fill-done')).toHaveTextContent('Filled in 2 texts'));
  });

  it('shows progress while the task runs, the button off', async () => {
    answers = [task('RUNNING', { progress: 40 }), SUCCESS];
    render();
    await fill('保温杯');
    expect(await screen.findByTestId('poster-fill-progress')).toBeInTheDocument();
    expect(screen.getByTestId('poster-fill-submit')).toBeDisabled();
    expect(screen.getByTestId('poster-fill-submit')).toHaveTextContent('AI 正在写文案');
    expect(screen.getByTestId('text-slot-title')).toHaveValue('焕新登场');
    await waitFor(() => expect(screen.getByTestId('text-slot-title')).toHaveValue('保温杯上新'), { timeout: 5000 });
    expect(screen.getByTestId('poster-fill-submit')).toBeEnabled();
  });

  it('says a failure in the server words, that the coins were returned, and changes no text', async () => {
    answers = [task('FAILED', { errorCode: 'COPY_GENERATION_FAILED', errorMsg: '文案生成失败，灵石已返还，请重试' })];
    render();
    await fill('保温杯');
    const error = await screen.findByTestId('poster-fill-error');
    expect(error).toHaveAttribute('data-error-code', 'COPY_GENERATION_FAILED');
    expect(error).toHaveTextContent('文案生成失败，灵石已返还');
    expect(screen.getByTestId('poster-fill-error-detail')).toHaveTextContent('文案生成失败，灵石已返还，请重试');
    expect(screen.getByTestId('text-slot-title')).toHaveValue('焕新登场');
    expect(screen.getByTestId('poster-undo')).toBeDisabled();
  });

  it('toasts a refused submit (the client envelope) and checks the length before sending', async () => {
    render();
    await fill('杯');
    expect(getToast()?.message).toBe('请先写下商品名称和卖点（至少2个字）');
    expect(submitted).toHaveLength(0);
    refuse = true;
    fireEvent.change(screen.getByTestId('poster-fill-content'), { target: { value: '保温杯' } });
    fireEvent.click(screen.getByTestId('poster-fill-submit'));
    await waitFor(() => expect(getToast()?.message).toBe('内容过长'));
    expect(screen.queryByTestId('poster-fill-progress')).not.toBeInTheDocument();
  });

  it('is off, saying why, where no worker can write; absent where the server has no such type', async () => {
    capability = 'modelMissing';
    const gated = render();
    expect(await screen.findByTestId('poster-fill-unavailable')).toHaveTextContent('智能填写即将上线');
    expect(screen.getByTestId('poster-fill-submit')).toBeDisabled();
    // The poster itself still renders.
    expect(screen.getByTestId('poster-render')).toBeEnabled();
    gated.unmount();

    capability = 'noWorker';
    const waiting = render();
    expect(await screen.findByTestId('poster-fill-noWorker')).toBeInTheDocument();
    expect(screen.getByTestId('poster-fill-submit')).toBeEnabled();
    waiting.unmount();

    offered = false;
    render();
    await screen.findByTestId('poster-cost');
    expect(screen.queryByTestId('poster-fill')).not.toBeInTheDocument();
  });
});
