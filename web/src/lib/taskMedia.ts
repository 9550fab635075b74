/**
 * What the creation space shows and saves for a finished task, whatever its
 * type: image tasks have images (and maybe small thumbnails), video tasks a
 * clip and maybe a poster still.
 */
import { fileExtension } from './api/downloads';
import type { Task, TaskResult } from './api/tasks';

export type TaskPreview = { kind: 'image'; url: string } | { kind: 'video'; url: string };

const find = (task: Task, kind: TaskResult['kind']) => task.results?.find((r) => r.kind === kind) ?? null;

/**
 * The picture of a finished task: its thumbnail (small) or the video's
 * poster, else the image itself, else the clip (shown paused on its first
 * frame). Null while it runs or when it failed.
 */
export function taskPreview(task: Task): TaskPreview | null {
  if (task.status !== 'SUCCESS') return null;
  const still = find(task, 'thumbnail') ?? find(task, 'poster') ?? find(task, 'image');
  if (still) return { kind: 'image', url: still.url };
  const clip = find(task, 'video');
  return clip ? { kind: 'video', url: clip.url } : null;
}

/** The file a finished task downloads as: the clip of a video task, else its first image, else its first text answer. */
export function taskMainFile(task: Task): TaskResult | null {
  if (task.status !== 'SUCCESS') return null;
  // A text answer's kind is not in the OpenAPI types yet (lib/textCopy).
  return find(task, 'video') ?? find(task, 'image') ?? ((task.results ?? []) as TaskResult[]).find((r) => (r.kind as string) === 'text') ?? null;
}

/**
 * What the file saves as: a clip as the video page saves it
 * (`pixmart-video-<first 8 of the task id>.mp4`, not the type's misspelt
 * code), anything else as `<type>-<taskId>.<its own extension>`.
 */
export function taskFileName(task: Task, file: TaskResult): string {
  const ext = fileExtension(file.url);
  if (file.kind === 'video') return `pixmart-video-${task.taskId.slice(0, 8)}.${ext}`;
  if ((file.kind as string) === 'text') return `${task.bizType.toLowerCase()}-${task.taskId}.txt`;
  return `${task.bizType.toLowerCase()}-${task.taskId}.${ext}`;
}
