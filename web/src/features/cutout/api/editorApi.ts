/**
 * Cutout editor calls (standard / 2K downloads are in lib/api/downloads):
 * - PUT /api/tasks/{id}/mask (multipart `file`, PNG) saves an edited mask;
 * - POST /api/tasks/{id}/refine {clicks} answers the refined mask PNG.
 */
import { request, requestBlob } from '../../../lib/api/client';

export interface RefineClick {
  x: number;
  y: number;
  keep: boolean;
}

export function saveMask(taskId: string, png: Blob): Promise<{ mask: string; image: string }> {
  const form = new FormData();
  form.append('file', png, 'mask.png');
  return request(`/tasks/${taskId}/mask`, { method: 'PUT', body: form });
}

export function refineMask(taskId: string, clicks: RefineClick[]): Promise<Blob> {
  return requestBlob(`/tasks/${taskId}/refine`, { method: 'POST', body: { clicks } });
}
