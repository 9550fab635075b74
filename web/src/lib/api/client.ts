/**
 * The one API client. Every call goes through `request`:
 * - sends `Authorization: Bearer <USER_TOKEN>` when a token is stored and
 *   `Accept-Language: zh|en` so the server localises its `msg`;
 * - unwraps the `{code, msg, data}` envelope and returns `data`;
 * - otherwise throws an `ApiError {code, error, msg}` and shows `msg` as an
 *   error toast (unless `silent`);
 * - on 401 clears the token and opens the login dialog.
 */
import { acceptLanguage, t } from '../i18n';
import { toast } from '../toast';
import { clearToken, getToken, openLoginDialog } from '../session';

export const API_BASE = '/api';

export class ApiError extends Error {
  /** The envelope's numeric code (never 0); -1 for network failures. */
  readonly code: number;
  /** Stable string id, e.g. "UPLOAD_BAD_FORMAT". */
  readonly error: string;
  /** User-facing message, already localised by the server. */
  readonly msg: string;
  /** HTTP status; 0 when no response arrived. */
  readonly status: number;
  /** Whether `msg` came from the server (else it is a local fallback). */
  readonly serverMsg: boolean;
  /** The request field the refusal is about, when the server names one (e.g. "marketDesc"). */
  readonly field?: string;

  constructor(init: { code: number; error: string; msg: string; status: number; serverMsg?: boolean; field?: string }) {
    super(init.msg);
    this.name = 'ApiError';
    this.code = init.code;
    this.error = init.error;
    this.msg = init.msg;
    this.status = init.status;
    this.serverMsg = init.serverMsg ?? false;
    if (init.field) this.field = init.field;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain value is sent as JSON; FormData as multipart. */
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
  /** Do not toast the error (the caller shows it itself). */
  silent?: boolean;
  /**
   * Do not treat a 401 as an expired session (sign-in calls, whose wrong
   * password answer is a 401 too).
   */
  ignoreUnauthorized?: boolean;
}

interface Envelope<T> {
  code: number | string;
  msg?: string;
  data?: T;
  error?: string;
  field?: string;
}

export function apiUrl(path: string, query?: Query): string {
  const base = path.startsWith(`${API_BASE}/`) || path === API_BASE ? path : `${API_BASE}${path.startsWith('/') ? '' : '/'}${path}`;
  if (!query) return base;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  }
  const qs = params.toString();
  return qs ? `${base}?${qs}` : base;
}

/** The headers every call sends: Accept, Accept-Language and the bearer token when one is stored. */
export function apiHeaders(accept: string): Headers {
  const headers = new Headers({ Accept: accept, 'Accept-Language': acceptLanguage() });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

function buildInit(opts: RequestOptions, accept: string): RequestInit {
  const headers = apiHeaders(accept);
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) {
    body = opts.body; // the browser sets the multipart boundary
  } else if (opts.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(opts.body);
  }
  return { method: opts.method ?? (body ? 'POST' : 'GET'), headers, body, signal: opts.signal };
}

function isAbort(e: unknown): boolean {
  return e instanceof DOMException ? e.name === 'AbortError' : (e as { name?: string })?.name === 'AbortError';
}

function fail(err: ApiError, opts: RequestOptions): never {
  if (err.status === 401 && !opts.ignoreUnauthorized) {
    clearToken();
    openLoginDialog();
  }
  if (!opts.silent) toast.error(err.msg);
  throw err;
}

async function send(path: string, opts: RequestOptions, accept: string): Promise<Response> {
  try {
    return await fetch(apiUrl(path, opts.query), buildInit(opts, accept));
  } catch (e) {
    if (isAbort(e)) throw e;
    return fail(new ApiError({ code: -1, error: 'NETWORK_ERROR', msg: t('error.network'), status: 0 }), opts);
  }
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Turns a response that is not a success envelope into an ApiError. */
function toApiError(res: Response, body: unknown): ApiError {
  const env = (body && typeof body === 'object' ? body : {}) as Partial<Envelope<unknown>>;
  let code = typeof env.code === 'number' ? env.code : res.status || -1;
  let error = typeof env.error === 'string' && env.error ? env.error : '';
  if (!error && typeof env.code === 'string') error = env.code;
  if (!error) error = res.ok ? 'BAD_RESPONSE' : `HTTP_${res.status}`;
  if (code === 0) code = res.status || -1;
  const serverMsg = typeof env.msg === 'string' && env.msg !== '';
  const msg = serverMsg ? (env.msg as string) : t('error.server');
  const field = typeof env.field === 'string' && env.field ? env.field : undefined;
  return new ApiError({ code, error, msg, status: res.status, serverMsg, field });
}

function isSuccess(res: Response, body: unknown): body is Envelope<unknown> {
  return res.ok && !!body && typeof body === 'object' && (body as Envelope<unknown>).code === 0;
}

/** Calls the API and returns the envelope's `data`. */
export async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const res = await send(path, opts, 'application/json');
  const body = await readJson(res);
  if (isSuccess(res, body)) return body.data as T;
  return fail(toApiError(res, body), opts);
}

/**
 * Fetches a file (e.g. `/api/files/<key>`, which needs the bearer header)
 * as a Blob. An error answer is still a JSON envelope.
 */
export async function requestBlob(path: string, opts: RequestOptions = {}): Promise<Blob> {
  const res = await send(path, opts, '*/*');
  const type = res.headers.get('Content-Type') ?? '';
  if (res.ok && !type.includes('application/json')) return res.blob();
  return fail(toApiError(res, await readJson(res)), opts);
}

export const api = {
  get: <T>(path: string, query?: Query, opts: Omit<RequestOptions, 'method' | 'query'> = {}) =>
    request<T>(path, { ...opts, method: 'GET', query }),
  post: <T>(path: string, body?: unknown, opts: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    request<T>(path, { ...opts, method: 'POST', body }),
  delete: <T>(path: string, query?: Query, opts: Omit<RequestOptions, 'method' | 'query'> = {}) =>
    request<T>(path, { ...opts, method: 'DELETE', query }),
  blob: requestBlob,
};
