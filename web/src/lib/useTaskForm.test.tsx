import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { jsonResponse } from '../test/render';
import { EMPTY_SESSION, SessionContext, closeLoginDialog, isLoginDialogOpen, type Session } from './session';
import { dismissToast, getToast } from './toast';
import { useTaskForm } from './useTaskForm';

interface Form {
  imageUrl: string | null;
  referenceUrl: string | null;
  genNum: number;
}
const initial = (): Form => ({ imageUrl: null, referenceUrl: null, genNum: 1 });
const build = (f: Form) => (f.imageUrl && f.referenceUrl ? { params: { ...f } } : { missing: '请上传商品图' });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(async () => jsonResponse(200, { code: 0, msg: '', data: { taskId: 't-1', status: 'NEW' } }));
  vi.stubGlobal('fetch', fetchMock);
  let n = 0;
  URL.createObjectURL = vi.fn(() => `blob:test/${++n}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
  closeLoginDialog();
});

function setup(session: Partial<Session>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  let value: Session = { ...EMPTY_SESSION, ...session };
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <SessionContext.Provider value={value}>{children}</SessionContext.Provider>
    </QueryClientProvider>
  );
  const hook = renderHook(() => useTaskForm<Form, Form>({ bizType: 'PRODUCT_IMAGE', initial, build, beforeField: 'referenceUrl' }), { wrapper });
  return {
    ...hook,
    signInAs: (s: Partial<Session>) => {
      value = { ...EMPTY_SESSION, ...s };
      hook.rerender();
    },
  };
}

const file = () => new File(['x'], 'a.png', { type: 'image/png' });
const user = { user: { id: 1, phone: '13800138000' } };

describe('useTaskForm', () => {
  it('a visitor is asked to sign in; nothing is sent', () => {
    const { result } = setup({});
    act(() => result.current.onGenerate());
    expect(isLoginDialogOpen()).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says what is missing, then submits with the uploads and shows the task with its "before"', async () => {
    const { result } = setup(user);
    act(() => result.current.onGenerate());
    expect(getToast()).toMatchObject({ type: 'warning', message: '请上传商品图' });
    act(() => result.current.upload('imageUrl')({ url: '/api/files/uploads/p', file: file() }));
    act(() => result.current.upload('referenceUrl')({ url: '/api/files/uploads/r', file: file() }));
    act(() => result.current.set('genNum')(3));
    expect(result.current.previews).toEqual({ imageUrl: 'blob:test/1', referenceUrl: 'blob:test/2' });
    act(() => result.current.onGenerate());
    await vi.waitFor(() => expect(result.current.workspace.shown?.taskId).toBe('t-1'));
    expect(result.current.workspace.shown?.beforeUrl).toBe('blob:test/2');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/tasks');
    expect(JSON.parse(String(init.body))).toEqual({
      bizType: 'PRODUCT_IMAGE',
      params: { imageUrl: '/api/files/uploads/p', referenceUrl: '/api/files/uploads/r', genNum: 3 },
    });
  });

  it('a history pick is shown from its creation time and without a local "before"', () => {
    const { result } = setup(user);
    act(() =>
      result.current.workspace.select({
        taskId: 'h-1',
        bizType: 'PRODUCT_IMAGE',
        status: 'SUCCESS',
        progress: 100,
        results: [],
        errorMsg: null,
        createdAt: '2026-11-21T10:00:00Z',
        finishedAt: null,
        waitingForPool: false,
      }),
    );
    expect(result.current.workspace.shown).toEqual({ taskId: 'h-1', beforeUrl: null, startedAt: Date.parse('2026-11-21T10:00:00Z') });
  });

  it('another user forgets the form, the previews and the task shown; previews are freed on leave', async () => {
    const { result, signInAs, unmount } = setup(user);
    act(() => result.current.upload('imageUrl')({ url: '/api/files/uploads/p', file: file() }));
    act(() => result.current.workspace.showCreated('t-9'));
    signInAs({ user: { id: 2, phone: '13900139000' } });
    expect(result.current.form).toEqual(initial());
    expect(result.current.previews).toEqual({});
    expect(result.current.workspace.shown).toBeNull();
    unmount();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:test/1');
  });
});
