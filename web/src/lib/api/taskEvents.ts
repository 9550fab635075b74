/**
 * A task's live events: `GET /api/tasks/{id}/events`, server-sent events.
 *
 * - `event: task`: the task JSON (as `GET /api/tasks/{id}`), on open and on
 *   every change, until a terminal status; then the stream ends.
 * - `event: text`: `{"kind":"text","index":0,"attempt":0,"text":"…"}`, result
 *   `index`'s WHOLE text so far (replace, never append); a higher `attempt`
 *   means the answer is being rewritten from scratch.
 * - `: keep-alive` comment lines.
 *
 * The endpoint needs the bearer header, which EventSource cannot send: it is
 * read with `fetch` and a stream reader, its frames parsed here. Any failure
 * (an HTTP error, the network, a malformed frame, a silent stream) ends the
 * stream and the page goes back to polling `GET /api/tasks/{id}` (`useTask`);
 * the user sees no error for it.
 */
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { apiHeaders, apiUrl } from './client';
import { isTerminal, taskKeys, type Task } from './tasks';

/** One dispatched server-sent event. */
export interface SseEvent {
  /** The `event:` field, `message` when none was sent. */
  event: string;
  /** The `data:` lines, joined by newlines. */
  data: string;
  id?: string;
}

/**
 * An incremental parser of an event stream (the WHATWG rules): bytes in,
 * whole events out. Chunks may split anywhere: inside a frame, a line, a
 * CRLF pair or a multi-byte UTF-8 character. Comments (`: …`) and unknown
 * fields are skipped; an event without data is not dispatched; an
 * unfinished frame at the end of the stream is dropped.
 */
export class SseParser {
  private readonly decoder = new TextDecoder('utf-8');
  private buffer = '';
  private data: string[] = [];
  private event = '';
  private id: string | undefined;
  /** Comment lines seen so far (keep-alives). */
  comments = 0;

  /** Feeds a chunk of the body; returns the events it completed. */
  push(chunk: Uint8Array): SseEvent[] {
    return this.feed(this.decoder.decode(chunk, { stream: true }), false);
  }

  /** The body ended: flushes the decoder (a final unterminated frame is dropped). */
  end(): SseEvent[] {
    return this.feed(this.decoder.decode(), true);
  }

  private feed(text: string, final: boolean): SseEvent[] {
    const out: SseEvent[] = [];
    const buf = this.buffer + text;
    let start = 0;
    for (let i = 0; i < buf.length; i++) {
      const c = buf[i];
      if (c !== '\n' && c !== '\r') continue;
      // A CR at the end of a chunk may be the first half of a CRLF.
      if (c === '\r' && i + 1 === buf.length && !final) break;
      const line = buf.slice(start, i);
      if (c === '\r' && buf[i + 1] === '\n') i++;
      start = i + 1;
      this.line(line, out);
    }
    this.buffer = buf.slice(start);
    if (final) {
      this.buffer = '';
      this.reset();
    }
    return out;
  }

  private line(line: string, out: SseEvent[]) {
    if (line === '') {
      if (this.data.length > 0) {
        const ev: SseEvent = { event: this.event || 'message', data: this.data.join('\n') };
        if (this.id !== undefined) ev.id = this.id;
        out.push(ev);
      }
      this.reset();
      return;
    }
    if (line.startsWith(':')) {
      this.comments++;
      return;
    }
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.event = value;
    else if (field === 'id' && !value.includes('\0')) this.id = value;
    // `retry` and unknown fields: nothing to do (the page falls back to polling, it does not reconnect).
  }

  private reset() {
    this.data = [];
    this.event = '';
  }
}

/** A live answer: its whole text so far, and which attempt wrote it (0: the first). */
export interface LiveText {
  text: string;
  attempt: number;
}

export type TaskStreamEvent = { type: 'task'; task: Task } | ({ type: 'text'; index: number } & LiveText);

/** A frame the stream cannot use: the page falls back to polling. */
export class TaskStreamError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TaskStreamError';
  }
}

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

function json(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    throw new TaskStreamError('malformed event data');
  }
}

/** Reads one event of the task stream; null for an event this build does not know (skipped). */
export function readTaskEvent(ev: SseEvent): TaskStreamEvent | null {
  if (ev.event === 'task') {
    const task = json(ev.data) as Partial<Task> | null;
    if (!task || typeof task !== 'object' || typeof task.taskId !== 'string' || typeof task.status !== 'string') {
      throw new TaskStreamError('malformed task event');
    }
    return { type: 'task', task: task as Task };
  }
  if (ev.event === 'text') {
    const t = json(ev.data) as { index?: unknown; attempt?: unknown; text?: unknown } | null;
    if (!t || typeof t !== 'object' || !isCount(t.index) || typeof t.text !== 'string') throw new TaskStreamError('malformed text event');
    return { type: 'text', index: t.index, attempt: isCount(t.attempt) ? t.attempt : 0, text: t.text };
  }
  return null;
}

/** No byte (not even a keep-alive) for this long: the stream is taken as dead. */
export const STREAM_STALL_MS = 45_000;

/**
 * Reads a task's event stream until it ends (resolves) or fails (rejects;
 * an abort of `signal` rejects with its AbortError). Every event is handed
 * to `onEvent` as it arrives.
 */
export async function streamTaskEvents(
  taskId: string,
  onEvent: (ev: TaskStreamEvent) => void,
  signal: AbortSignal,
  stallMs: number = STREAM_STALL_MS,
): Promise<void> {
  const ctrl = new AbortController();
  const abort = () => ctrl.abort(signal.reason);
  if (signal.aborted) abort();
  signal.addEventListener('abort', abort);
  let stalled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      stalled = true;
      ctrl.abort();
    }, stallMs);
  };
  try {
    arm();
    const res = await fetch(apiUrl(`/tasks/${encodeURIComponent(taskId)}/events`), {
      headers: apiHeaders('text/event-stream'),
      signal: ctrl.signal,
      cache: 'no-store',
    });
    if (!res.ok) throw new TaskStreamError(`HTTP ${res.status}`);
    if (!(res.headers.get('Content-Type') ?? '').includes('text/event-stream')) throw new TaskStreamError('not an event stream');
    if (!res.body) throw new TaskStreamError('no body');
    const reader = res.body.getReader();
    const parser = new SseParser();
    const deliver = (events: SseEvent[]) => {
      for (const e of events) {
        const ev = readTaskEvent(e);
        if (ev) onEvent(ev);
      }
    };
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        arm();
        deliver(parser.push(value));
      }
      deliver(parser.end());
    } finally {
      // Releases the connection on a parse error too.
      reader.cancel().catch(() => undefined);
    }
  } catch (e) {
    if (stalled && !signal.aborted) throw new TaskStreamError('stalled');
    throw e;
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', abort);
  }
}

/**
 * `streaming`: the events arrive (the task is not polled); `polling`: the
 * stream failed or ended early, `useTask` polls; `ended`: it ended with the
 * task's terminal status.
 */
export type TaskStreamMode = 'streaming' | 'polling' | 'ended';

export interface TaskStream {
  /** The live answers by result index (holes until an answer starts). */
  texts: readonly (LiveText | undefined)[];
  mode: TaskStreamMode;
  /** Whether `useTask` should poll (anything but a healthy stream). */
  poll: boolean;
}

interface StreamState {
  taskId: string | null;
  texts: (LiveText | undefined)[];
  mode: TaskStreamMode;
}

/** Replaces answer `index`'s text, unless the event belongs to an older attempt than the one shown. */
export function applyText(texts: readonly (LiveText | undefined)[], index: number, next: LiveText): (LiveText | undefined)[] {
  const current = texts[index];
  if (current && (next.attempt < current.attempt || (next.attempt === current.attempt && next.text === current.text))) return texts as (LiveText | undefined)[];
  const out = texts.slice();
  out[index] = next;
  return out;
}

/**
 * Follows a task live: its updates go into the TanStack Query cache under
 * `taskKeys.detail(taskId)` (where `useTask` reads them) and its answers'
 * texts come back as they grow. On any failure of the stream it says
 * `poll`, and the detail is refetched at once. The fetch is aborted when
 * the component unmounts or the task changes. A task already known to be
 * finished is not streamed.
 */
export function useTaskStream(taskId: string | null): TaskStream {
  const qc = useQueryClient();
  const [state, setState] = useState<StreamState>({ taskId, texts: [], mode: 'streaming' });

  useEffect(() => {
    if (!taskId) return;
    const known = qc.getQueryData<Task>(taskKeys.detail(taskId));
    const ctrl = new AbortController();
    let terminal = isTerminal(known?.status);
    const update = (f: (s: StreamState) => StreamState) =>
      setState((s) => f(s.taskId === taskId ? s : { taskId, texts: [], mode: 'streaming' }));
    if (terminal) {
      queueMicrotask(() => update((s) => ({ ...s, mode: 'ended' })));
      return;
    }
    streamTaskEvents(
      taskId,
      (ev) => {
        if (ev.type === 'task') {
          if (ev.task.taskId !== taskId) throw new TaskStreamError('another task');
          terminal = isTerminal(ev.task.status);
          qc.setQueryData(taskKeys.detail(taskId), ev.task);
        } else {
          update((s) => {
            const texts = applyText(s.texts, ev.index, { text: ev.text, attempt: ev.attempt });
            return texts === s.texts ? s : { ...s, texts };
          });
        }
      },
      ctrl.signal,
    ).then(
      () => {
        update((s) => ({ ...s, mode: terminal ? 'ended' : 'polling' }));
        if (!terminal) void qc.invalidateQueries({ queryKey: taskKeys.detail(taskId) });
      },
      () => {
        if (ctrl.signal.aborted) return;
        update((s) => ({ ...s, mode: 'polling' }));
        void qc.invalidateQueries({ queryKey: taskKeys.detail(taskId) });
      },
    );
    return () => ctrl.abort();
  }, [taskId, qc]);

  const current = state.taskId === taskId ? state : { taskId, texts: [], mode: 'streaming' as const };
  return { texts: current.texts, mode: current.mode, poll: current.mode !== 'streaming' };
}
