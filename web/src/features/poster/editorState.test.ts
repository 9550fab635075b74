import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildPosterParams, changedTexts, templateChanged } from './constants';
import { createHistory, keepsBackground, record, redoHistory, scaleTextSize, setBox, setColour, setKeepBackground, setText, undoHistory } from './editorState';
import type { PosterTemplate } from './template';

// The built-in templates (shared/poster-template/templates; models/templates/posters before they moved).
const ROOT = join(import.meta.dirname, '../../../..');
const TEMPLATES = [join(ROOT, 'shared/poster-template/templates'), join(ROOT, 'models/templates/posters')].find((d) => existsSync(d)) as string;
const load = (id: string) => JSON.parse(readFileSync(join(TEMPLATES, `${id}.json`), 'utf8')) as PosterTemplate;
const original = load('new-arrival-minimal');

describe('editor history', () => {
  it('records steps, merges typing into one field, and keeps 20 undo steps', () => {
    let h = createHistory(original);
    expect(h.stack.present.texts.title).toBe('焕新登场');
    h = record(h, setText(h.stack.present, 'title', '春'), 'text:title');
    h = record(h, setText(h.stack.present, 'title', '春季'), 'text:title');
    expect(h.stack.past).toHaveLength(1);
    h = record(h, setColour(h.stack.present, 'title', '#FFFFFF'));
    expect(h.stack.past).toHaveLength(2);
    h = undoHistory(h);
    expect(h.stack.present.template).toBe(original);
    expect(h.stack.present.texts.title).toBe('春季');
    h = redoHistory(h);
    expect(h.stack.present.template.layers.find((l) => l.id === 'title')).toMatchObject({ color: '#FFFFFF' });
    for (let i = 0; i < 30; i++) h = record(h, setText(h.stack.present, 'cta', `买 ${i}`));
    expect(h.stack.past).toHaveLength(20);
  });

  it('keeps moved slots inside the canvas and lets shapes bleed', () => {
    const moved = setBox(original, 'title', { x: 900, y: -40, w: 900, h: 130 });
    expect(moved.layers.find((l) => l.id === 'title')?.box).toMatchObject({ x: 180, y: 0 });
    const shape = setBox(original, 'plinth', { x: -300, y: 1400, w: 600, h: 90 });
    expect(shape.layers.find((l) => l.id === 'plinth')?.box).toMatchObject({ x: -300, y: 1400 });
  });

  it('scales a text slot\'s size range with its box', () => {
    const title = original.layers.find((l) => l.id === 'title');
    expect(title && scaleTextSize(title, 0.5)).toMatchObject({ size: { min: 28, max: 48 } });
  });
});

describe('PLACARD_GEN params', () => {
  it('renders the library template as it is: no document, no texts', () => {
    const h = createHistory(original);
    const params = buildPosterParams({ original, edited: h.stack.present.template, texts: h.stack.present.texts, images: {}, format: 'png' });
    expect(params).toEqual({ templateId: 'new-arrival-minimal', format: 'png' });
  });

  it('sends the document only when the layout or colours changed, and only changed words', () => {
    const doc = setText(createHistory(original).stack.present, 'title', '限时特惠');
    const same = buildPosterParams({ original, edited: doc.template, texts: doc.texts, images: { product: '/api/files/uploads/x', nope: '/y' }, format: 'jpeg' });
    expect(same).toEqual({ templateId: 'new-arrival-minimal', format: 'jpeg', texts: { title: '限时特惠' }, images: { product: '/api/files/uploads/x' } });
    const recoloured = setColour(doc, 'cta-bg', '#4A4D52');
    expect(templateChanged(original, recoloured.template)).toBe(true);
    const params = buildPosterParams({ original, edited: recoloured.template, texts: recoloured.texts, images: {}, format: 'png' });
    expect(params.template?.layers.find((l) => l.id === 'cta-bg')).toMatchObject({ fill: { type: 'solid', color: '#4A4D52' } });
    const own = buildPosterParams({ original, edited: original, texts: {}, images: {}, format: 'png', own: true });
    expect(own.template).toBe(original);
    expect(changedTexts(original, { title: '焕新登场', cta: '买' })).toEqual({ cta: '买' });
  });
});

describe('keeping the photo\'s background', () => {
  it('marks every product slot, is sent as an edited template, and unmarking restores the library\'s document', () => {
    const kept = setKeepBackground(original, true);
    expect(keepsBackground(original)).toBe(false);
    expect(keepsBackground(kept)).toBe(true);
    expect(kept.layers.filter((l) => l.type === 'image' && l.role === 'product').every((l) => l.type === 'image' && l.keepBackground)).toBe(true);
    expect(templateChanged(original, kept)).toBe(true);
    expect(templateChanged(original, setKeepBackground(kept, false))).toBe(false);
  });
});
