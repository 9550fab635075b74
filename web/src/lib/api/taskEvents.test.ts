import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/render';
import { setToken } from '../session';
import { SseParser, applyText, readTaskEvent, streamTaskEvents, useTaskStream, type SseEvent, type TaskStreamEvent } from './taskEvents';
import { taskKeys, useTask, type Task } from './tasks';

const enc = new TextEncoder();
const bytes = (s: string) => enc.encode(s);

/** Feeds the parser one chunk after another; all the events it dispatched. */
function parseChunks(chunks: Uint8Array[]): SseEvent[] {
  const p = new SseParser();
  return [...chunks.flatMap((c) => p.push(c)), ...p.end()];
}

/** Splits bytes at the given offsets. */
function splitAt(b: Uint8Array, cuts: number[]): Uint8Array[] {
  const out: Uint8Array[] = [];
  let start = 0;
  for (const c of [...cuts, b.length]) {
    out.push(b.slice(start, c));
    start = c;
  }
  return out;
}

describe('SseParser', () => {
  const stream =
    ': keep-alive\n\n' +
    'event: task\ndata: {"taskId":"t1","status":"RUNNING"}\n\n' +
    ': keep-alive\n' +
    'event: text\ndata: {"kind":"text","index":0,"attempt":0,"text":"小红书🌸文案"}\n\n';
  const expected: SseEvent[] = [
    { event: 'task', data: '{"taskId":"t1","status":"RUNNING"}' },
    { event: 'text', data: '{"kind":"text","index":0,"attempt":0,"text":"小红书🌸文案"}' },
  ];

  it('reads whole frames, skipping comments', () => {
    const p = new SseParser();
    expect([...p.push(bytes(stream)), ...p.end()]).toEqual(expected);
    expect(p.comments).toBe(2);
  });

  it('gives the same events however the bytes are split: mid-frame, mid-line, inside a multi-byte character', () => {
    const b = bytes(stream);
    // Every single split point, and one byte at a time.
    for (let i = 1; i < b.length; i++) expect(parseChunks(splitAt(b, [i])), `split at ${i}`).toEqual(expected);
    expect(parseChunks(splitAt(b, Array.from({ length: b.length - 1 }, (_, i) => i + 1)))).toEqual(expected);
  });

  it('decodes a character split across chunks (🌸 is 4 bytes, 书 3)', () => {
    const b = bytes('event: text\ndata: 书🌸\n\n');
    const flower = b.indexOf(0xf0);
    const events = parseChunks(splitAt(b, [flower + 1, flower + 2, flower + 3]));
    expect(events).toEqual([{ event: 'text', data: '书🌸' }]);
    expect(events[0].data).not.toContain('\uFFFD');
  });

  it('accepts CRLF and CR line ends, a CRLF split across chunks too', () => {
    const crlf = bytes('event: task\r\ndata: a\r\n\r\nevent: text\rdata: b\r\r');
    expect(parseChunks([crlf])).toEqual([
      { event: 'task', data: 'a' },
      { event: 'text', data: 'b' },
    ]);
    const at = crlf.indexOf(0x0a); // between the first \r and \n
    expect(parseChunks(splitAt(crlf, [at]))).toEqual([
      { event: 'task', data: 'a' },
      { event: 'text', data: 'b' },
    ]);
  });

  it('joins data lines, takes "data:x" without a space, defaults the type, keeps the id', () => {
    expect(parseChunks([bytes('data:one\ndata: two\nid: 7\n\n')])).toEqual([{ event: 'message', data: 'one\ntwo', id: '7' }]);
  });

  it('dispatches nothing for a frame without data, and drops an unfinished frame at the end', () => {
    expect(parseChunks([bytes('event: task\n\n: only a comment\n\nevent: text\ndata: half')])).toEqual([]);
  });
});

describe('readTaskEvent', () => {
  it('reads task and text frames', () => {
    expect(readTaskEvent({ event: 'task', data: '{"taskId":"t1","status":"NEW"}' })).toEqual({ type: 'task', task: { taskId: 't1', status: 'NEW' } });
    expect(readTaskEvent({ event: 'text', data: '{"kind":"text","index":1,"attempt":2,"text":"x"}' })).toEqual({
      type: 'text',
      index: 1,
      attempt: 2,
      text: 'x',
    });
  });

  it('skips an event it does not know, rejects a malformed one', () => {
    expect(readTaskEvent({ event: 'progress', data: '{}' })).toBeNull();
    expect(() => readTaskEvent({ event: 'task', data: '{"taskId":' })).toThrow();
    expect(() => readTaskEvent({ event: 'task', data: '{"status":"NEW"}' })).toThrow();
    expect(() => readTaskEvent({ event: 'text', data: '{"index":-1,"text":"x"}' })).toThrow();
  });
});

describe('applyText', () => {
  it('replaces an answer with its whole text so far, never appends', () => {
    let texts = applyText([], 0, { text: '你', attempt: 0 });
    texts = applyText(texts, 0, { text: '你好', attempt: 0 });
    texts = applyText(texts, 1, { text: 'B', attempt: 0 });
    expect(texts).toEqual([
      { text: '你好', attempt: 0 },
      { text: 'B', attempt: 0 },
    ]);
  });

  it('starts over on a new attempt and ignores late frames of an older one', () => {
    let texts = applyText([], 0, { text: 'first try, long', attempt: 0 });
    texts = applyText(texts, 0, { text: 'S', attempt: 1 });
    expect(texts[0]).toEqual({ text: 'S', attempt: 1 });
    const same = applyText(texts, 0, { text: 'first try, longer', attempt: 0 });
    expect(same).toBe(texts);
  });
});

/** A streamed response: the chunks arrive one after another, then the body ends (or errors). */
function sseResponse(chunks: string[], { error = false, status = 200 } = {}): Response {
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      for (const ch of chunks) c.enqueue(bytes(ch));
      if (error) c.error(new TypeError('network'));
      else c.close();
    },
  });
  return new Response(body, { status, headers: { 'Content-Type': 'text/event-stream' } });
}

const frame = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
const task = (status: string, extra: Partial<Task> = {}): Task =>
  ({ taskId: 't1', bizType: 'TEXT_REWRITE', status, progress: 0, results: [], createdAt: '2026-11-27T00:00:00Z', waitingForPool: false, ...extra }) as Task;

describe('streamTaskEvents', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the bearer token, hands over every event and resolves at the end', async () => {
    setToken('tok');
    const fetchMock = vi.fn(async () => sseResponse([frame('task', task('RUNNING')).slice(0, 9), frame('task', task('RUNNING')).slice(9), frame('text', { kind: 'text', index: 0, attempt: 0, text: 'hi' })]));
    vi.stubGlobal('fetch', fetchMock);
    const seen: TaskStreamEvent[] = [];
    await streamTaskEvents('t1', (e) => seen.push(e), new AbortController().signal);
    expect(seen.map((e) => e.type)).toEqual(['task', 'text']);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/tasks/t1/events');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer tok');
    expect(new Headers(init.headers).get('Accept')).toBe('text/event-stream');
    setToken(null);
  });

  it('fails on an HTTP error, a JSON answer, a broken body or a stream that goes silent', async () => {
    const signal = new AbortController().signal;
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(404, { code: 4004, error: 'NOT_FOUND', msg: 'nf' })));
    await expect(streamTaskEvents('t1', () => undefined, signal)).rejects.toThrow();
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(200, { code: 0, data: {} })));
    await expect(streamTaskEvents('t1', () => undefined, signal)).rejects.toThrow();
    vi.stubGlobal('fetch', vi.fn(async () => sseResponse(['event: task\ndata: {"taskId"\n\n'])));
    await expect(streamTaskEvents('t1', () => undefined, signal)).rejects.toThrow();
    vi.stubGlobal('fetch', vi.fn(async () => sseResponse([frame('task', task('RUNNING'))], { error: true })));
    await expect(streamTaskEvents('t1', () => undefined, signal)).rejects.toThrow();
    // Headers, then nothing: the watchdog gives up.
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        const body = new ReadableStream<Uint8Array>({
          start(c) {
            init.signal?.addEventListener('abort', () => c.error(new DOMException('aborted', 'AbortError')));
          },
        });
        return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
      }),
    );
    await expect(streamTaskEvents('t1', () => undefined, signal, 30)).rejects.toThrow('stalled');
  });
});

describe('useTaskStream', () => {
  let client: QueryClient;
  const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);

  beforeEach(() => {
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('puts the task into the cache and exposes the live texts; no polling while it streams', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const fetchMock = vi.fn(async (url: string) => {
      if (url.endsWith('/events')) {
        const body = new ReadableStream<Uint8Array>({
          async start(c) {
            c.enqueue(bytes(frame('task', task('RUNNING'))));
            c.enqueue(bytes(frame('text', { kind: 'text', index: 0, attempt: 0, text: '第一' })));
            c.enqueue(bytes(frame('text', { kind: 'text', index: 0, attempt: 0, text: '第一句' })));
            await gate;
            c.enqueue(bytes(frame('task', task('SUCCESS', { progress: 100 }))));
            c.close();
          },
        });
        return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
      }
      return jsonResponse(200, { code: 0, msg: '', data: task('RUNNING') });
    });
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderHook(
      () => {
        const stream = useTaskStream('t1');
        const query = useTask('t1', { poll: stream.poll });
        return { stream, query };
      },
      { wrapper },
    );
    await waitFor(() => expect(result.current.stream.texts[0]).toEqual({ text: '第一句', attempt: 0 }));
    expect(result.current.stream.mode).toBe('streaming');
    expect(result.current.stream.poll).toBe(false);
    expect(client.getQueryData<Task>(taskKeys.detail('t1'))?.status).toBe('RUNNING');
    act(() => release());
    await waitFor(() => expect(result.current.stream.mode).toBe('ended'));
    expect(result.current.query.data?.status).toBe('SUCCESS');
    // One detail fetch at mount, none since: the stream kept the cache current.
    expect(fetchMock.mock.calls.filter(([u]) => !String(u).endsWith('/events'))).toHaveLength(1);
  });

  it('falls back to polling when the stream fails, and the task still arrives', async () => {
    let polls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.endsWith('/events')) return jsonResponse(503, { code: 5003, error: 'SERVICE_UNAVAILABLE', msg: 'busy' });
        polls++;
        return jsonResponse(200, { code: 0, msg: '', data: task(polls >= 3 ? 'SUCCESS' : 'RUNNING') });
      }),
    );
    const { result } = renderHook(
      () => {
        const stream = useTaskStream('t1');
        const query = useTask('t1', { poll: stream.poll });
        return { stream, query };
      },
      { wrapper },
    );
    await waitFor(() => expect(result.current.stream.mode).toBe('polling'));
    expect(result.current.stream.poll).toBe(true);
    // Refetched at once, then polled every 2 s until it ends.
    await waitFor(() => expect(result.current.query.data?.status).toBe('SUCCESS'), { timeout: 6000 });
  }, 10_000);

  it('falls back when the stream ends before the task does', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.endsWith('/events') ? sseResponse([frame('task', task('RUNNING'))]) : jsonResponse(200, { code: 0, msg: '', data: task('RUNNING') }),
      ),
    );
    const { result } = renderHook(() => useTaskStream('t1'), { wrapper });
    await waitFor(() => expect(result.current.mode).toBe('polling'));
  });

  it('aborts the stream on unmount', async () => {
    let signal: AbortSignal | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        signal = init.signal ?? undefined;
        return new Response(new ReadableStream<Uint8Array>({ start() {} }), { headers: { 'Content-Type': 'text/event-stream' } });
      }),
    );
    const { unmount } = renderHook(() => useTaskStream('t1'), { wrapper });
    await waitFor(() => expect(signal).toBeDefined());
    expect(signal?.aborted).toBe(false);
    unmount();
    expect(signal?.aborted).toBe(true);
  });

  it('does not stream a task already known to be finished', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    client.setQueryData(taskKeys.detail('t1'), task('SUCCESS'));
    const { result } = renderHook(() => useTaskStream('t1'), { wrapper });
    await waitFor(() => expect(result.current.mode).toBe('ended'));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
