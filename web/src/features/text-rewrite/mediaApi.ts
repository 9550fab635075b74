/**
 * The media-rewrite pages' own calls: the video upload, and the task's
 * `sourceText` (both in the OpenAPI types).
 */
import { request } from '../../lib/api/client';
import type { Task } from '../../lib/api/tasks';
import type { components } from '../../lib/api/schema';

/** `POST /api/uploads/video` answer (multipart field `file`, mp4 or mov). */
export type UploadedVideo = components['schemas']['UploadedVideoDto'];

/**
 * Uploads a video. Silent: the page shows the server's message
 * (VIDEO_UPLOAD_FORMAT, VIDEO_UPLOAD_TOO_LARGE, VIDEO_UPLOAD_TOO_LONG,
 * VIDEO_UPLOAD_NO_AUDIO) under the field itself.
 */
export function uploadVideo(file: File): Promise<UploadedVideo> {
  const form = new FormData();
  form.append('file', file, file.name);
  return request<UploadedVideo>('/uploads/video', { method: 'POST', body: form, silent: true });
}

/**
 * What the worker read from the input (the text recognised in the images,
 * or the video's transcript), set as soon as it has it, also on a FAILED
 * task; null when there is none yet.
 */
export function sourceTextOf(task: Task): string | null {
  const text = task.sourceText;
  return typeof text === 'string' && text.trim() ? text : null;
}
