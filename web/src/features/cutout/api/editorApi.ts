/**
 * Cutout editor calls (standard / 2K downloads are in lib/api/downloads):
 * - PUT /api/tasks/{id}/mask (multipart `file`, PNG) saves an edited mask;
 * - POST /api/tasks/{id}/refine {clicks} answers the refined mask PNG.
 */
import { request, requestBlob } from '../../../lib/api/client';
import type { components } from '../../../lib/api/schema';

/** One click of the editor in the result's pixel coordinates: keep or remove. */
export type RefineClick = components['schemas']['RefineClick'];

export function saveMask(taskId: string, png: Blob): Promise<components['schemas']['SavedMaskDto']> {
  const form = new FormData();
  form.append('file', png, 'mask.png');
  return request(`/tasks/${taskId}/mask`, { method: 'PUT', body: form });
}

export function refineMask(taskId: string, clicks: RefineClick[]): Promise<Blob> {
  return requestBlob(`/tasks/${taskId}/refine`, { method: 'POST', body: { clicks } });
}
