/**
 * What a text task (the `text` family: rewrites, topic articles, note and
 * video rewrites) was asked to write from, for a history card that has no
 * answer to show (running, failed).
 */
import type { Task } from './api/tasks';
import { copySnippet } from './textCopy';

/** The params a text task is written from (until the OpenAPI types carry them). */
interface TextParams extends Record<string, unknown> {
  /** TEXT_REWRITE, HOT_ARTICLE_REWRITE. */
  content?: unknown;
  /** THEME_ARTICLE_GEN. */
  topic?: unknown;
}

const words = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

/**
 * A short line of the task's source: what the worker read from the media
 * (HOT_PIC_REWRITE, HOT_VIDEO_REWRITE), else the topic, else the text to
 * rewrite; '' when there is none (media not read yet).
 */
export function textTaskSource(task: Task): string {
  // `Task` types only the image params; a text task's are read as it sent them.
  const params: TextParams = { ...task.params };
  const source = [task.sourceText, params.topic, params.content].find(words);
  return source ? copySnippet(null, source) : '';
}
