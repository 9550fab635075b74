import { describe, expect, it } from 'vitest';
import type { Task, TaskResult } from './api/tasks';
import { taskFileName, taskMainFile, taskPreview } from './taskMedia';

const r = (kind: TaskResult['kind'], url: string): TaskResult => ({ kind, url, width: 720, height: 720 });
const task = (results: TaskResult[], over: Partial<Task> = {}): Task => ({
  taskId: 't1',
  bizType: 'IMG_2_VEDIO',
  status: 'SUCCESS',
  progress: 100,
  results,
  errorMsg: null,
  createdAt: '2026-11-21T10:00:00Z',
  finishedAt: '2026-11-21T10:01:00Z',
  waitingForPool: false,
  ...over,
});

describe('task media', () => {
  it('a video task shows its poster and downloads its clip', () => {
    const t = task([r('video', '/api/files/t1/clip.mp4'), r('poster', '/api/files/t1/poster.png')]);
    expect(taskPreview(t)).toEqual({ kind: 'image', url: '/api/files/t1/poster.png' });
    expect(taskMainFile(t)?.url).toBe('/api/files/t1/clip.mp4');
    expect(taskFileName(t, taskMainFile(t) as TaskResult)).toBe('pixmart-video-t1.mp4');
  });

  it('a video without a poster is shown by the clip itself', () => {
    expect(taskPreview(task([r('video', '/api/files/t1/clip.mp4')]))).toEqual({ kind: 'video', url: '/api/files/t1/clip.mp4' });
  });

  it('an image task prefers its small thumbnail and downloads the image', () => {
    const t = task([r('image', '/api/files/t2/out.png'), r('thumbnail', '/api/files/t2/out.webp')], { bizType: 'PRODUCT_IMAGE', taskId: 't2' });
    expect(taskPreview(t)).toEqual({ kind: 'image', url: '/api/files/t2/out.webp' });
    expect(taskFileName(t, taskMainFile(t) as TaskResult)).toBe('product_image-t2.png');
  });

  it('an unfinished or failed task has nothing to show or save', () => {
    expect(taskPreview(task([r('image', '/x.png')], { status: 'RUNNING' }))).toBeNull();
    expect(taskMainFile(task([], { status: 'FAILED' }))).toBeNull();
  });
});
