/**
 * The original app's downloadImage / download2K, and the file saveImage / save2K pin:
 * - POST /api/tasks/{id}/downloads {index, quality} asks for an image result
 *   (index among the task's image results) at standard or 2K definition;
 * - GET /api/tasks/{id}/downloads?index=&quality= polls it (with the
 *   preparation's progress, 0..1);
 * - DELETE /api/tasks/{id}/downloads?index=&quality= cancels it.
 * 2K is prepared by a worker: PREPARING, then READY with a url. A tier
 * without 2K gets the server's benefits-centre prompt (the caller shows it).
 */
import { api } from './client';
import type { components } from './schema';

type Schemas = components['schemas'];

export type DownloadQuality = Schemas['DownloadQuality'];
export const DOWNLOAD_QUALITIES: readonly DownloadQuality[] = ['standard', '2k'];
export type DownloadState = Schemas['DownloadState'];

/** `url` once READY; `progress` 0..1 while a worker prepares it. */
export type DownloadInfo = Schemas['DownloadDto'];

/** The server's answer for 2K on a plan without it. */
export const NEEDS_MEMBERSHIP_ERROR = 'DOWNLOAD_2K_NEEDS_MEMBERSHIP';

export const DOWNLOAD_POLL_MS = 1000;

export function requestDownload(taskId: string, quality: DownloadQuality, index = 0, silent = false): Promise<DownloadInfo> {
  return api.post<DownloadInfo>(`/tasks/${taskId}/downloads`, { index, quality }, { silent });
}

export function downloadStatus(taskId: string, quality: DownloadQuality, index = 0, silent = false): Promise<DownloadInfo> {
  return api.get<DownloadInfo>(`/tasks/${taskId}/downloads`, { index, quality }, { silent });
}

export function cancelDownload(taskId: string, quality: DownloadQuality, index = 0, silent = false): Promise<DownloadInfo> {
  return api.delete<DownloadInfo>(`/tasks/${taskId}/downloads`, { index, quality }, { silent });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface PrepareOptions {
  /** Called with each poll's progress (0..1). */
  onProgress?: (progress: number) => void;
  /** Stops polling and asks the server to cancel the preparation. */
  signal?: AbortSignal;
  /** Errors are not toasted (the caller shows them). */
  silent?: boolean;
}

/**
 * Asks for the file and polls while a worker prepares it. Answers the final
 * state: READY with the file's url, or FAILED / NONE (the job was lost or
 * cancelled). An abort cancels the preparation on the server and answers
 * NONE.
 */
export async function prepareDownload(
  taskId: string,
  index: number,
  quality: DownloadQuality,
  opts: PrepareOptions = {},
): Promise<DownloadInfo> {
  let info = await requestDownload(taskId, quality, index, opts.silent);
  while (info.state === 'PREPARING') {
    opts.onProgress?.(info.progress ?? 0);
    await sleep(DOWNLOAD_POLL_MS);
    if (opts.signal?.aborted) return cancelDownload(taskId, quality, index, opts.silent);
    info = await downloadStatus(taskId, quality, index, opts.silent);
  }
  return info;
}

/** The extension of a file URL (`/api/files/…/x.jpg` → `jpg`), `png` when it has none. */
export function fileExtension(url: string): string {
  const name = url.split('?')[0].split('/').pop() ?? '';
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1) : 'png';
}
