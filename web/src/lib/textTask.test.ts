import { describe, expect, it } from 'vitest';
import type { Task } from './api/tasks';
import { isRefunded } from './api/tasks';
import { familyOf } from './taskTypes';
import { TASK_TYPES } from './taskTypes.fixture';
import { textTaskSource } from './textTask';

const task = (over: Record<string, unknown>): Task =>
  ({ taskId: 't', bizType: 'TEXT_REWRITE', status: 'FAILED', progress: 0, results: [], createdAt: '', waitingForPool: false, ...over }) as Task;

describe('textTaskSource', () => {
  it('reads what the worker read, else the topic, else the text, on one short line', () => {
    expect(textTaskSource(task({ params: { content: '  第一行\n第二行  ' } }))).toBe('第一行 第二行');
    expect(textTaskSource(task({ params: { topic: '冬季保暖' } }))).toBe('冬季保暖');
    expect(textTaskSource(task({ params: { imageUrls: ['/a.png'] }, sourceText: '图片里的字' }))).toBe('图片里的字');
    expect(textTaskSource(task({ params: { content: 'x'.repeat(100) } }))).toHaveLength(60);
    expect(textTaskSource(task({ params: { videoUrl: '/v.mp4' } }))).toBe('');
    expect(textTaskSource(task({ params: null }))).toBe('');
  });
});

describe('the text family and refunds', () => {
  it('reads each type’s family from the server’s answer', () => {
    for (const type of ['TEXT_REWRITE', 'HOT_ARTICLE_REWRITE', 'THEME_ARTICLE_GEN', 'HOT_PIC_REWRITE', 'HOT_VIDEO_REWRITE']) {
      expect(familyOf(TASK_TYPES, type)).toBe('text');
    }
    expect(familyOf(TASK_TYPES, 'PRODUCT_IMAGE')).toBe('compose');
    expect(familyOf(undefined, 'TEXT_REWRITE')).toBeNull();
  });

  it('a task that ended without success was refunded', () => {
    expect(isRefunded({ status: 'FAILED' })).toBe(true);
    expect(isRefunded({ status: 'TIMEOUT' })).toBe(true);
    expect(isRefunded({ status: 'SUCCESS' })).toBe(false);
    expect(isRefunded({ status: 'RUNNING' })).toBe(false);
  });
});
