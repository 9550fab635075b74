/**
 * What the fill panel keeps for the visit: the last product facts and idea
 * typed (sessionStorage, so a reload keeps them and re-filling another
 * template is one click) and, per template, the fill task still running
 * when the editor was left (applied when the editor opens again).
 */
import { COPY_SOURCES, type CopySource } from './params';

export const FILL_STORAGE_KEY = 'PIXMART_POSTER_FILL';

export interface FillDraft {
  source: CopySource;
  product: string;
  idea: string;
}

const EMPTY: FillDraft = { source: 'product', product: '', idea: '' };

export function loadFillDraft(): FillDraft {
  try {
    const raw = globalThis.sessionStorage?.getItem(FILL_STORAGE_KEY);
    if (!raw) return EMPTY;
    const v = JSON.parse(raw) as Partial<FillDraft> | null;
    return {
      source: COPY_SOURCES.includes(v?.source as CopySource) ? (v?.source as CopySource) : 'product',
      product: typeof v?.product === 'string' ? v.product : '',
      idea: typeof v?.idea === 'string' ? v.idea : '',
    };
  } catch {
    return EMPTY;
  }
}

export function saveFillDraft(draft: FillDraft): void {
  try {
    globalThis.sessionStorage?.setItem(FILL_STORAGE_KEY, JSON.stringify(draft));
  } catch {
    // storage unavailable: the draft lives as long as the panel
  }
}

export interface FillTask {
  taskId: string;
  startedAt: number;
}

const pending = new Map<string, FillTask>();

/** The fill task of a template not yet applied, if any. */
export const pendingFillOf = (templateId: string) => pending.get(templateId) ?? null;

export function setPendingFill(templateId: string, task: FillTask | null): void {
  if (task) pending.set(templateId, task);
  else pending.delete(templateId);
}

/** Forgets the running fill tasks (another user signs in; tests). */
export function resetFillTasks(): void {
  pending.clear();
}
