import { describe, expect, it } from 'vitest';
import { createHistory, redoHistory, setText, undoHistory, record } from '../editorState';
import type { PosterTemplate } from '../template';
import { applySlotTexts, fillableSlots, fillHistory, slotTextsOf } from './apply';
import { loadTemplate } from './template.fixture';

const original = loadTemplate('new-arrival-minimal');
/** The template with a QR code, to check it is never filled with words. */
const withQr: PosterTemplate = {
  ...original,
  layers: [...original.layers, { id: 'qr', type: 'qr', box: { x: 900, y: 1260, w: 160, h: 160 }, content: 'https://example.com' }],
};

describe('applying a POSTER_COPY_GEN result', () => {
  it('reads the words from the first result that has them', () => {
    expect(slotTextsOf({ results: [{ kind: 'text', url: '/a.txt', width: 0, height: 0, slotTexts: { title: '春季上新' } }] })).toEqual({ title: '春季上新' });
    expect(slotTextsOf({ results: [{ kind: 'text', url: '/a.txt', width: 0, height: 0 }] })).toBeNull();
    expect(slotTextsOf({ results: [] })).toBeNull();
  });

  it('fills the returned text slots and leaves the others as they were', () => {
    const h = createHistory(withQr);
    const doc = setText(h.stack.present, 'subtitle', '我改过的副标题');
    const next = applySlotTexts(doc, { title: '保温杯上新', cta: '马上抢', qr: 'not words', nope: 'x', tag: '   ' });
    expect(next.texts.title).toBe('保温杯上新');
    expect(next.texts.cta).toBe('马上抢');
    // Absent, blank, unknown and QR slots keep what they had.
    expect(next.texts.subtitle).toBe('我改过的副标题');
    expect(next.texts.tag).toBe('NEW ARRIVAL');
    expect(next.texts.qr).toBe('https://example.com');
    expect(next.texts).not.toHaveProperty('nope');
    expect(next.template).toBe(doc.template);
    expect(fillableSlots(withQr, { title: 'a', qr: 'b', nope: 'c', cta: '' })).toEqual(['title']);
  });

  it('is one undoable step: Undo brings back the previous words, Redo the filled ones', () => {
    let h = createHistory(original);
    h = record(h, setText(h.stack.present, 'title', '春'), 'text:title');
    const before = h.stack.present;
    h = fillHistory(h, { title: '保温杯上新', subtitle: '保温24小时', cta: '立即购买' });
    expect(h.stack.past).toHaveLength(2);
    expect(h.stack.present.texts).toMatchObject({ title: '保温杯上新', subtitle: '保温24小时', cta: '立即购买' });
    // Typing into the title afterwards is a step of its own.
    expect(h.mergeKey).toBeNull();
    h = undoHistory(h);
    expect(h.stack.present).toBe(before);
    h = redoHistory(h);
    expect(h.stack.present.texts.title).toBe('保温杯上新');
  });

  it('records nothing when the words are already there', () => {
    const h = createHistory(original);
    expect(fillHistory(h, { title: '焕新登场' })).toBe(h);
    expect(fillHistory(h, {})).toBe(h);
  });
});
