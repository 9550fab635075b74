import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { ApiError } from './api/client';
import { t } from './i18n';
import { EMPTY_SESSION, SessionContext, closeLoginDialog, isLoginDialogOpen, type Session } from './session';
import { dismissToast, getToast } from './toast';
import { uploadProblemText, useUploads, type UseUploadsOptions } from './useUploads';

type Answer = { urls?: string[]; n: number };

const user: Partial<Session> = { user: { id: 1, phone: '13800138000' } };
const file = (name: string) => new File(['x'], name, { type: 'image/png' });

afterEach(() => {
  dismissToast();
  closeLoginDialog();
});

function setup(options: Partial<UseUploadsOptions<Answer>>, session: Partial<Session> = user) {
  const onUploaded = vi.fn();
  let n = 0;
  const send = vi.fn(async (f: File): Promise<Answer> => ({ urls: [`/api/files/${f.name}`], n: ++n }));
  const wrapper = ({ children }: { children: ReactNode }) => (
    <SessionContext.Provider value={{ ...EMPTY_SESSION, ...session }}>{children}</SessionContext.Provider>
  );
  const hook = renderHook(() => useUploads<Answer>({ check: () => null, send, onUploaded, ...options }), { wrapper });
  return { ...hook, onUploaded, send };
}

describe('useUploads', () => {
  it('uploads each file in turn, hands back its address and answer, and says so', async () => {
    const { result, onUploaded, send } = setup({});
    const a = file('a.png');
    await act(() => result.current.take([a, file('b.png')]));
    expect(send).toHaveBeenCalledTimes(2);
    expect(onUploaded).toHaveBeenNthCalledWith(1, { file: a, url: '/api/files/a.png', answer: { urls: ['/api/files/a.png'], n: 1 } });
    expect(getToast()).toMatchObject({ type: 'success', message: t('upload.success') });
    expect(result.current.problem).toBeNull();
    expect(result.current.uploading).toBe(false);
  });

  it('says a checked problem (toast and field) and goes on with the next file; no success toast when not announced', async () => {
    const check = (f: File) => (f.name === 'bad.png' ? { key: 'upload.tooSmall' as const } : null);
    const { result, onUploaded, send } = setup({ check, announce: false });
    await act(() => result.current.take([file('bad.png'), file('good.png')]));
    expect(send).toHaveBeenCalledTimes(1);
    expect(onUploaded).toHaveBeenCalledTimes(1);
    expect(result.current.problem).toEqual({ key: 'upload.tooSmall' });
    expect(getToast()).toMatchObject({ type: 'warning', message: t('upload.tooSmall') });
  });

  it('stops when the field is full, with its own words', async () => {
    const full = { key: 'mediaRewrite.imagesTooMany' as const, vars: { max: 2 } };
    const { result, send } = setup({ room: { left: 1, full } });
    await act(() => result.current.take([file('a.png'), file('b.png'), file('c.png')]));
    expect(send).toHaveBeenCalledTimes(1);
    expect(uploadProblemText(result.current.problem!, t)).toBe(t('mediaRewrite.imagesTooMany', { max: 2 }));
  });

  it("keeps the server's code and message; an unexpected failure is a server error, toasted unless silent", async () => {
    const refused = new ApiError({ code: 400, error: 'VIDEO_UPLOAD_NO_AUDIO', msg: '视频没有声音', status: 400 });
    const { result } = setup({ send: vi.fn().mockRejectedValue(refused) });
    await act(() => result.current.take([file('a.mp4')]));
    expect(result.current.problem).toEqual({ code: 'VIDEO_UPLOAD_NO_AUDIO', text: '视频没有声音' });

    const broken = setup({ send: vi.fn().mockResolvedValue({ urls: [], n: 1 }) });
    await act(() => broken.result.current.take([file('a.png')]));
    expect(broken.result.current.problem).toEqual({ key: 'error.server' });
    expect(getToast()).toMatchObject({ type: 'error', message: t('error.server') });

    dismissToast();
    const silent = setup({ send: vi.fn().mockRejectedValue(new Error('offline')), silent: true });
    await act(() => silent.result.current.take([file('a.png')]));
    expect(silent.result.current.problem).toEqual({ key: 'error.server' });
    expect(getToast()).toBeNull();
  });

  it('refuses files while an upload runs (上传中), then takes them again', async () => {
    let release: (a: Answer) => void = () => {};
    const send = vi.fn(() => new Promise<Answer>((r) => (release = r)));
    const { result, onUploaded } = setup({ send });
    let first: Promise<void> = Promise.resolve();
    await act(async () => {
      first = result.current.take([file('a.png')]);
      await Promise.resolve();
    });
    expect(result.current.uploading).toBe(true);
    await act(() => result.current.take([file('b.png')]));
    act(() => result.current.openChooser());
    expect(getToast()).toMatchObject({ type: 'warning', message: t('upload.inProgress') });
    await act(async () => {
      release({ urls: ['/api/files/a.png'], n: 1 });
      await first;
    });
    expect(send).toHaveBeenCalledTimes(1);
    expect(onUploaded).toHaveBeenCalledTimes(1);
    expect(result.current.uploading).toBe(false);
  });

  it('a visitor gets the login dialog and nothing is sent', async () => {
    const { result, send } = setup({}, {});
    act(() => result.current.openChooser());
    expect(isLoginDialogOpen()).toBe(true);
    closeLoginDialog();
    await act(() => result.current.take([file('a.png')]));
    expect(isLoginDialogOpen()).toBe(true);
    expect(send).not.toHaveBeenCalled();
  });
});
