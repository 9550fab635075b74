import { describe, expect, it } from 'vitest';
import { setBox } from '../editorState';
import { buildCopyParams, contentProblem, countChars } from './params';
import { loadTemplate } from './template.fixture';

const original = loadTemplate('new-arrival-minimal');
const limits = { contentMinChars: 2, contentMaxChars: 10 };

describe('POSTER_COPY_GEN params', () => {
  it('sends the library id without the document when the template is as it was', () => {
    expect(buildCopyParams({ source: 'product', content: '  保温杯 ¥89 ', language: 'zh', original, edited: original })).toEqual({
      source: 'product',
      content: '保温杯 ¥89',
      language: 'zh',
      templateId: 'new-arrival-minimal',
    });
  });

  it('sends the edited document when the layout changed, or always for a tenant template', () => {
    const title = original.layers.find((l) => l.id === 'title');
    if (!title) throw new Error('no title');
    const edited = setBox(original, 'title', { ...title.box, y: title.box.y + 40 });
    const moved = buildCopyParams({ source: 'idea', content: 'Spring sale', language: 'en', original, edited });
    expect(moved).toMatchObject({ source: 'idea', language: 'en', templateId: 'new-arrival-minimal' });
    expect(moved.template).toBe(edited);
    expect(buildCopyParams({ source: 'idea', content: 'Spring sale', language: 'en', original, edited: original, own: true }).template).toBe(original);
  });

  it('checks the content against the server bounds, counting characters as the server does', () => {
    expect(countChars(' 🍵保温杯 ')).toBe(4);
    expect(contentProblem(' 杯 ', limits)).toBe('short');
    expect(contentProblem('保温杯', limits)).toBeNull();
    expect(contentProblem('一二三四五六七八九十一', limits)).toBe('long');
    // Bounds unknown: only an empty text is refused here; the server decides the rest.
    expect(contentProblem('杯', null)).toBeNull();
    expect(contentProblem('  ', null)).toBe('short');
  });
});
