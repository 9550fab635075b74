import { describe, expect, it } from 'vitest';
import { copySnippet, copyToPlainText, formatTag, isTextResult, readCopy, textResults, type ScriptLabels } from './textCopy';

const zh: ScriptLabels = { shot: (n) => `镜头 ${n}`, seconds: (s) => `${s}秒`, visual: '画面', narration: '台词' };

describe('readCopy', () => {
  it('reads the four shapes', () => {
    expect(readCopy({ shape: 'note', title: 'T', paragraphs: ['a'], tags: ['x'] })).toEqual({ shape: 'note', title: 'T', paragraphs: ['a'], tags: ['x'] });
    expect(readCopy({ shape: 'post', paragraphs: ['a'], tags: [] })?.shape).toBe('post');
    expect(readCopy({ shape: 'script', title: 'S', shots: [{ visual: 'v', narration: 'n', seconds: 3 }], tags: ['t'] })).toEqual({
      shape: 'script',
      title: 'S',
      shots: [{ visual: 'v', narration: 'n', seconds: 3 }],
      tags: ['t'],
    });
    expect(readCopy({ shape: 'article', title: 'A', sections: [{ heading: null, paragraphs: ['p'] }, { heading: 'H', paragraphs: [] }] })).toEqual({
      shape: 'article',
      title: 'A',
      sections: [
        { heading: null, paragraphs: ['p'] },
        { heading: 'H', paragraphs: [] },
      ],
    });
  });

  it('is null for a missing or malformed copy (the plain text is shown instead)', () => {
    expect(readCopy(undefined)).toBeNull();
    expect(readCopy({ shape: 'poem', lines: [] })).toBeNull();
    expect(readCopy({ shape: 'note', title: 'T', paragraphs: 'a', tags: [] })).toBeNull();
    expect(readCopy({ shape: 'script', title: 'S', shots: [{ visual: 1 }], tags: [] })).toBeNull();
    expect(readCopy({ shape: 'article', title: 'A', sections: [{ heading: 'H' }] })).toBeNull();
  });
});

describe('plain text', () => {
  it('writes tags as the platform does', () => {
    expect(formatTag('好物', 'post')).toBe('#好物#');
    expect(formatTag('#好物', 'note')).toBe('#好物');
    expect(formatTag('#好物#', 'post')).toBe('#好物#');
  });

  it('lays every shape out as paragraphs split by blank lines', () => {
    expect(copyToPlainText({ shape: 'note', title: '标题', paragraphs: ['第一段', '第二段'], tags: ['好物', '推荐'] }, zh)).toBe(
      '标题\n\n第一段\n\n第二段\n\n#好物 #推荐',
    );
    expect(copyToPlainText({ shape: 'post', paragraphs: ['正文'], tags: ['热门'] }, zh)).toBe('正文\n\n#热门#');
    expect(copyToPlainText({ shape: 'script', title: '脚本', shots: [{ visual: '特写', narration: '你好', seconds: 3 }], tags: [] }, zh)).toBe(
      '脚本\n\n镜头 1（3秒）\n画面：特写\n台词：你好',
    );
    expect(
      copyToPlainText({ shape: 'article', title: '文章', sections: [{ heading: null, paragraphs: ['引言'] }, { heading: '一、', paragraphs: ['内容'] }] }, zh),
    ).toBe('文章\n\n引言\n\n一、\n\n内容');
  });

  it('makes a short snippet for a history thumbnail', () => {
    expect(copySnippet({ shape: 'note', title: '  秋冬  好物 ', paragraphs: [], tags: [] })).toBe('秋冬 好物');
    expect(copySnippet({ shape: 'post', paragraphs: ['', '正文'], tags: [] })).toBe('正文');
    expect(copySnippet(null, '🌸'.repeat(100), 10)).toBe(`${'🌸'.repeat(9)}…`);
  });
});

describe('text results', () => {
  it('picks the text answers of a task', () => {
    const r = [
      { kind: 'text', url: '/api/files/a.txt', width: 0, height: 0 },
      { kind: 'image', url: '/api/files/b.png', width: 1, height: 1 },
    ];
    expect(textResults(r)).toHaveLength(1);
    expect(isTextResult(r[1])).toBe(false);
    expect(textResults(undefined)).toEqual([]);
  });
});
