/**
 * The poster editor's document and its history: the template being edited
 * and the words of its slots, with 20 undo steps (the cutout editor's
 * undo stack). A drag shows a draft and records one step when it ends;
 * typing into one field records one step until another field is edited.
 */
import { createUndo, pushUndo, redo, undo, type UndoStack } from '../../lib/undoStack';
import { clampBox } from './layout';
import { defaultText, isTextual, mustStayInside, withColour, type Box, type Layer, type PosterTemplate } from './template';

export interface PosterDoc {
  template: PosterTemplate;
  /** Words by text or QR slot id. */
  texts: Record<string, string>;
}

export interface EditorHistory {
  stack: UndoStack<PosterDoc>;
  /** What the last step was (a field being typed into): the next edit of the same key replaces it. */
  mergeKey: string | null;
}

export function initialTexts(template: PosterTemplate): Record<string, string> {
  return Object.fromEntries(template.layers.filter(isTextual).map((l) => [l.id, defaultText(l)]));
}

export function createHistory(template: PosterTemplate): EditorHistory {
  return { stack: createUndo({ template, texts: initialTexts(template) }), mergeKey: null };
}

/** Records `doc`; with the same `mergeKey` as the step before, it replaces that step. */
export function record(h: EditorHistory, doc: PosterDoc, mergeKey: string | null = null): EditorHistory {
  if (doc === h.stack.present) return h;
  if (mergeKey !== null && mergeKey === h.mergeKey) return { stack: { ...h.stack, present: doc }, mergeKey };
  return { stack: pushUndo(h.stack, doc), mergeKey };
}

export const undoHistory = (h: EditorHistory): EditorHistory => ({ stack: undo(h.stack), mergeKey: null });
export const redoHistory = (h: EditorHistory): EditorHistory => ({ stack: redo(h.stack), mergeKey: null });

export function findLayer(t: PosterTemplate, id: string | null): Layer | null {
  return (id && t.layers.find((l) => l.id === id)) || null;
}

/** The template with one layer replaced. */
export function updateLayer(t: PosterTemplate, id: string, f: (l: Layer) => Layer): PosterTemplate {
  return { ...t, layers: t.layers.map((l) => (l.id === id ? f(l) : l)) };
}

/** Whether the product slots keep the photo's own background (no cutout). */
export function keepsBackground(t: PosterTemplate): boolean {
  return t.layers.some((l) => l.type === 'image' && l.role === 'product' && l.keepBackground === true);
}

/** Every product slot keeps (or cuts out) the photo's background; `false` leaves the field out, as the library has it. */
export function setKeepBackground(t: PosterTemplate, keep: boolean): PosterTemplate {
  return { ...t, layers: t.layers.map((l) => (l.type === 'image' && l.role === 'product' ? { ...l, keepBackground: keep || undefined } : l)) };
}

/** The layer moved/resized/rotated to `box`, kept valid for the format (slots inside the canvas). */
export function setBox(t: PosterTemplate, id: string, box: Box): PosterTemplate {
  return updateLayer(t, id, (l) => ({ ...l, box: clampBox(box, t.canvas, mustStayInside(l)) }));
}

/** A text slot's size range scaled with its box (corner handles), within the format's 4..1000 px. */
export function scaleTextSize(l: Layer, factor: number): Layer {
  if (l.type !== 'text') return l;
  const s = (v: number) => Math.min(1000, Math.max(4, Math.round(v * factor * 2) / 2));
  return { ...l, size: { min: s(l.size.min), max: Math.max(s(l.size.min), s(l.size.max)) } };
}

export function setColour(doc: PosterDoc, id: string, color: string): PosterDoc {
  return { ...doc, template: updateLayer(doc.template, id, (l) => withColour(l, color)) };
}

export function setText(doc: PosterDoc, id: string, text: string): PosterDoc {
  return { ...doc, texts: { ...doc.texts, [id]: text } };
}
