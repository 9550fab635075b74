/**
 * Cutout editor and download calls:
 * - POST /api/tasks/{id}/downloads {index, quality} and GET …/downloads?index=&quality=
 *   (standard / 2K; 2K is prepared by a worker: PREPARING, then READY with a url);
 * - PUT /api/tasks/{id}/mask (multipart `file`, PNG) saves an edited mask;
 * - POST /api/tasks/{id}/refine {clicks} answers the refined mask PNG.
 */
import { api, request, requestBlob } from '../../../lib/api/client';

export type DownloadQuality = 'standard' | '2k';
export type DownloadState = 'NONE' | 'PREPARING' | 'READY' | 'FAILED';

export interface DownloadInfo {
  state: DownloadState;
  quality: DownloadQuality;
  url?: string;
  longSide: number;
}

export interface RefineClick {
  x: number;
  y: number;
  keep: boolean;
}

export const DOWNLOAD_POLL_MS = 1000;

export function requestDownload(taskId: string, quality: DownloadQuality, index = 0): Promise<DownloadInfo> {
  return api.post<DownloadInfo>(`/tasks/${taskId}/downloads`, { index, quality });
}

export function downloadStatus(taskId: string, quality: DownloadQuality, index = 0): Promise<DownloadInfo> {
  return api.get<DownloadInfo>(`/tasks/${taskId}/downloads`, { index, quality });
}

export function saveMask(taskId: string, png: Blob): Promise<{ mask: string; image: string }> {
  const form = new FormData();
  form.append('file', png, 'mask.png');
  return request(`/tasks/${taskId}/mask`, { method: 'PUT', body: form });
}

export function refineMask(taskId: string, clicks: RefineClick[]): Promise<Blob> {
  return requestBlob(`/tasks/${taskId}/refine`, { method: 'POST', body: { clicks } });
}
