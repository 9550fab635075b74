import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TASK_TYPES_PAYLOAD } from '../../../lib/taskTypes.fixture';
import { dismissToast, getToast } from '../../../lib/toast';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { resetPosterSession } from '../session';
import type { PosterTemplate, PosterTemplateEntry } from '../template';
import { PosterEditor } from './PosterEditor';

const ROOT = join(import.meta.dirname, '../../../../..');
const DIR = [join(ROOT, 'shared/poster-template/templates'), join(ROOT, 'models/templates/posters')].find((d) => existsSync(d)) as string;
const template = JSON.parse(readFileSync(join(DIR, 'new-arrival-minimal.json'), 'utf8')) as PosterTemplate;
const entry: PosterTemplateEntry = { id: template.id, category: template.category, name: template.name.zh, aspect: '3:4', width: 1080, height: 1440, template };

const ok = (data: unknown) => jsonResponse(200, { code: 0, msg: '', data });
let submitted: { bizType: string; params: Record<string, unknown> }[];
let refuse: boolean;

async function fakeApi(url: string, init?: RequestInit): Promise<Response> {
  const path = url.split('?')[0];
  if (path === '/api/task-types') {
    return ok({ ...TASK_TYPES_PAYLOAD, taskTypes: { ...TASK_TYPES_PAYLOAD.taskTypes, PLACARD_GEN: { family: 'compose', price: { rule: 'perTask', lingshi: 5 }, limits: { textMaxChars: 12 } } } });
  }
  if (path === '/api/tasks' && init?.method === 'POST') {
    if (refuse) {
      return jsonResponse(400, { code: 400, msg: '标题超出了文字框', error: 'POSTER_TEXT_TOO_LONG', field: 'texts', data: { detail: 'layer "title": too long' } });
    }
    submitted.push(JSON.parse(String(init.body)));
    return ok({ taskId: 'task-1234-5678', status: 'NEW' });
  }
  if (path.startsWith('/api/tasks/')) return ok({ taskId: 'task-1234-5678', bizType: 'PLACARD_GEN', status: 'RUNNING', progress: 30, results: [] });
  return jsonResponse(404, { code: 404, msg: 'nf', error: 'NOT_FOUND', data: null });
}

beforeEach(() => {
  submitted = [];
  refuse = false;
  resetPosterSession();
  // jsdom draws nothing: the preview is skipped.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  vi.stubGlobal('fetch', vi.fn(fakeApi));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  dismissToast();
});

const render = (productType = 'free') =>
  renderWithProviders(
    <MemoryRouter>
      <PosterEditor entry={entry} />
    </MemoryRouter>,
    { user: { id: 1, phone: '13800138000' } as never, productType },
  );

describe('PosterEditor', () => {
  it('lists the text slots with their defaults and the server price', async () => {
    render();
    expect(screen.getByTestId('text-slot-title')).toHaveValue('焕新登场');
    expect(screen.getByTestId('text-slot-cta')).toHaveValue('立即抢先');
    await waitFor(() => expect(screen.getByTestId('poster-cost')).toHaveTextContent('5 灵石'));
  });

  it('renders the library template as it is when nothing was edited', async () => {
    render();
    await screen.findByTestId('poster-cost');
    fireEvent.click(screen.getByTestId('poster-render'));
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]).toEqual({ bizType: 'PLACARD_GEN', params: { templateId: 'new-arrival-minimal', format: 'png' } });
    // Progress shows while the task runs; the editor stays.
    await waitFor(() => expect(screen.getByTestId('task-status')).toHaveTextContent('生成中'), { timeout: 3000 });
    expect(screen.getByTestId('task-progress')).toBeInTheDocument();
    expect(screen.getByTestId('poster-editor')).toBeInTheDocument();
  });

  it('sends changed words only, with undo and redo by buttons and keys', async () => {
    render();
    await screen.findByTestId('poster-cost');
    fireEvent.change(screen.getByTestId('text-slot-title'), { target: { value: '春' } });
    fireEvent.change(screen.getByTestId('text-slot-title'), { target: { value: '春季上新' } });
    fireEvent.click(screen.getByTestId('poster-undo'));
    expect(screen.getByTestId('text-slot-title')).toHaveValue('焕新登场');
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'z', ctrlKey: true, shiftKey: true }));
    });
    expect(screen.getByTestId('text-slot-title')).toHaveValue('春季上新');
    fireEvent.change(screen.getByTestId('poster-format'), { target: { value: 'jpeg' } });
    fireEvent.click(screen.getByTestId('poster-render'));
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]?.params).toEqual({ templateId: 'new-arrival-minimal', format: 'jpeg', texts: { title: '春季上新' } });
  });

  it('refuses a text over the server limit before sending, and keeps the edits when the server refuses', async () => {
    render();
    await screen.findByTestId('poster-cost');
    fireEvent.change(screen.getByTestId('text-slot-title'), { target: { value: '一二三四五六七八九十一二三' } });
    fireEvent.click(screen.getByTestId('poster-render'));
    expect(getToast()?.message).toBe('文字过长（最多12个字）');
    expect(submitted).toHaveLength(0);
    fireEvent.change(screen.getByTestId('text-slot-title'), { target: { value: '限时特惠' } });
    refuse = true;
    fireEvent.click(screen.getByTestId('poster-render'));
    await waitFor(() => expect(getToast()?.message).toBe('标题超出了文字框'));
    expect(screen.getByTestId('text-slot-title')).toHaveValue('限时特惠');
  });

  it('keeps custom colours for paid plans', async () => {
    render('free');
    fireEvent.focus(screen.getByTestId('text-slot-title'));
    expect(await screen.findByTestId('poster-palette')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('poster-custom-locked'));
    expect(getToast()?.message).toBe('自定义颜色为会员专享，开通会员即可使用～');
    fireEvent.click(screen.getByTestId('poster-swatch-darkGrey'));
    expect(screen.getByTestId('poster-swatch-darkGrey')).toHaveAttribute('aria-pressed', 'true');
  });
});
