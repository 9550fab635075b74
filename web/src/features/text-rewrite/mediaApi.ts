/**
 * The media-rewrite pages' own API shapes. Until the OpenAPI types carry
 * them (the server side is being built; openapi.json is regenerated then),
 * they are typed here: the video upload, and the task's `sourceText`.
 */
import { request } from '../../lib/api/client';
import type { Task } from '../../lib/api/tasks';

/** `POST /api/uploads/video` answer (multipart field `file`, mp4 or mov). */
export interface UploadedVideo {
  urls: string[];
  durationMs: number;
  width: number;
  height: number;
}

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
 * A task with `sourceText`: what the worker read from the input (the text
 * recognised in the images, or the video's transcript), set as soon as it
 * has it, also on a FAILED task. Until TaskDto in openapi.json carries it.
 */
export type TaskWithSource = Task & { sourceText?: string | null };

export function sourceTextOf(task: Task): string | null {
  const text = (task as TaskWithSource).sourceText;
  return typeof text === 'string' && text.trim() ? text : null;
}
