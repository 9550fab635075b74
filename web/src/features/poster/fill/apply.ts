/**
 * Puts a POSTER_COPY_GEN result into the editor: the words by text slot id
 * go into the slots the template has, as one undoable step. A slot the
 * server did not return (a price the merchant never stated) keeps its words.
 */
import type { Task } from '../../../lib/api/tasks';
import { record, type EditorHistory, type PosterDoc } from '../editorState';
import type { PosterTemplate } from '../template';

export type SlotTexts = Record<string, string>;

/** The words by slot id of a finished task (its first result that has them), or null. */
export function slotTextsOf(task: Pick<Task, 'results'>): SlotTexts | null {
  for (const r of task.results ?? []) {
    if (r.slotTexts && typeof r.slotTexts === 'object') return r.slotTexts;
  }
  return null;
}

/** The text slots of `template` that `slotTexts` has words for (QR codes and unknown ids are not filled). */
export function fillableSlots(template: PosterTemplate, slotTexts: SlotTexts): string[] {
  return template.layers.filter((l) => l.type === 'text' && typeof slotTexts[l.id] === 'string' && slotTexts[l.id]?.trim()).map((l) => l.id);
}

/** The document with the returned words in place; the same object when nothing changes. */
export function applySlotTexts(doc: PosterDoc, slotTexts: SlotTexts): PosterDoc {
  const texts = { ...doc.texts };
  let changed = false;
  for (const id of fillableSlots(doc.template, slotTexts)) {
    const words = slotTexts[id] as string;
    if (texts[id] !== words) {
      texts[id] = words;
      changed = true;
    }
  }
  return changed ? { ...doc, texts } : doc;
}

/** The history with the words applied to its present document as one step (Undo restores the words before). */
export const fillHistory = (h: EditorHistory, slotTexts: SlotTexts): EditorHistory => record(h, applySlotTexts(h.stack.present, slotTexts));
