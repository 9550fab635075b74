/**
 * The spec's downloadImage / download2K, and the file saveImage / save2K pin:
 * - POST /api/tasks/{id}/downloads {index, quality} asks for an image result
 *   (index among the task's image results) at standard or 2K definition;
 * - GET /api/tasks/{id}/downloads?index=&quality= polls it.
 * 2K is prepared by a worker: PREPARING, then READY with a url. A tier
 * without 2K gets the server's benefits-centre prompt (an error toast).
 */
import { api } from './client';

export type DownloadQuality = 'standard' | '2k';
export const DOWNLOAD_QUALITIES: readonly DownloadQuality[] = ['standard', '2k'];
export type DownloadState = 'NONE' | 'PREPARING' | 'READY' | 'FAILED';

export interface DownloadInfo {
  state: DownloadState;
  quality: DownloadQuality;
  url?: string;
  longSide: number;
}

export const DOWNLOAD_POLL_MS = 1000;

export function requestDownload(taskId: string, quality: DownloadQuality, index = 0): Promise<DownloadInfo> {
  return api.post<DownloadInfo>(`/tasks/${taskId}/downloads`, { index, quality });
}

export function downloadStatus(taskId: string, quality: DownloadQuality, index = 0): Promise<DownloadInfo> {
  return api.get<DownloadInfo>(`/tasks/${taskId}/downloads`, { index, quality });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Asks for the file and polls while a worker prepares it. Answers the final
 * state: READY with the file's url, or FAILED / NONE (the job was lost).
 */
export async function prepareDownload(taskId: string, index: number, quality: DownloadQuality): Promise<DownloadInfo> {
  let info = await requestDownload(taskId, quality, index);
  while (info.state === 'PREPARING') {
    await sleep(DOWNLOAD_POLL_MS);
    info = await downloadStatus(taskId, quality, index);
  }
  return info;
}

/** The extension of a file URL (`/api/files/…/x.jpg` → `jpg`), `png` when it has none. */
export function fileExtension(url: string): string {
  const name = url.split('?')[0].split('/').pop() ?? '';
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1) : 'png';
}
