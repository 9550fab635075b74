import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../lib/session';
import { dismissToast, getToast } from '../../../lib/toast';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { MessageBell } from './MessageBell';

const msg = (id: number, over: Record<string, unknown> = {}) => ({
  msgId: id,
  msgTitle: `标题${id}`,
  msgBrief: '',
  msgContent: `内容${id}`,
  msgContentType: 'text',
  msgSendTime: '2026-11-21T10:00:00Z',
  msgImg: null,
  readed: false,
  ...over,
});

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  setToken('t');
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  setToken(null);
  dismissToast();
});

function route(handlers: Record<string, unknown>) {
  fetchMock.mockImplementation((url: string) => {
    const path = url.split('?')[0];
    return Promise.resolve(jsonResponse(200, { code: 0, msg: '', data: handlers[path] }));
  });
}

describe('MessageBell', () => {
  it('shows 99+ above 99 unread', async () => {
    route({ '/api/messages': { list: [], total: 150, unReadMsgCnt: 150 } });
    renderWithProviders(<MessageBell />);
    expect(await screen.findByTestId('message-unread')).toHaveTextContent('99+');
  });

  it('clicking an unread text message marks it read and opens the detail; a link opens a new tab', async () => {
    route({
      '/api/messages': { list: [msg(1), msg(2, { msgContentType: 'link', msgContent: 'https://example.com' })], total: 2, unReadMsgCnt: 2 },
      '/api/messages/1/read': true,
      '/api/messages/2/read': true,
    });
    const open = vi.fn();
    vi.stubGlobal('open', open);
    renderWithProviders(<MessageBell />);
    expect(await screen.findByTestId('message-unread')).toHaveTextContent('2');
    fireEvent.click(screen.getByTestId('message-bell'));
    const items = await screen.findAllByTestId('message-item');
    fireEvent.click(items[0]);
    expect(await screen.findByTestId('message-body')).toHaveTextContent('内容1');
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => u === '/api/messages/1/read')).toBe(true));
    fireEvent.click(items[1]);
    expect(open).toHaveBeenCalledWith('https://example.com', '_blank', 'noopener,noreferrer');
  });

  it('shows an error when mark-all-read answers falsy data', async () => {
    route({ '/api/messages': { list: [msg(1)], total: 1, unReadMsgCnt: 1 }, '/api/messages/read-all': false });
    renderWithProviders(<MessageBell />);
    fireEvent.click(await screen.findByTestId('message-bell'));
    fireEvent.click(await screen.findByTestId('message-read-all'));
    await waitFor(() => expect(getToast()?.type).toBe('error'));
  });
});
