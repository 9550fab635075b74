import { useState } from 'react';
import { useCapability } from '../../../lib/capabilities';
import { useI18n } from '../../../lib/i18n';
import { useRequireLogin } from '../../../lib/session';
import { limitsOf, priceOf, useTaskTypes } from '../../../lib/taskTypes';
import { toast } from '../../../lib/toast';
import type { PosterTemplate } from '../template';
import type { SlotTexts } from './apply';
import { FillStatus } from './FillStatus';
import { buildCopyParams, contentProblem, COPY_LIMIT_NAMES, COPY_SOURCES, countChars, POSTER_COPY_BIZ_TYPE, type CopySource } from './params';
import { loadFillDraft, saveFillDraft, type FillDraft } from './storage';
import { usePosterFill } from './usePosterFill';
import './fill.css';

interface Props {
  /** The library's (or the tenant's) template, as it was opened. */
  original: PosterTemplate;
  /** The template as edited now. */
  edited: PosterTemplate;
  /** A tenant's own template: its document always goes along. */
  own: boolean;
  /** Puts the words into the editor's text slots (one undoable step). */
  onFill: (slotTexts: SlotTexts) => void;
}

/** Capability states in which the server refuses the type: the panel says why and its button is off. */
const REFUSED = ['modelMissing', 'notAllowed'] as const;
type Refused = (typeof REFUSED)[number];
const isRefused = (state: string | undefined): state is Refused => (REFUSED as readonly string[]).includes(state ?? '');

/**
 * 智能填写 / Fill in the words: POSTER_COPY_GEN writes every text slot of
 * the template from a product's facts or a campaign idea; the words land
 * in the editor as one step (Undo restores the previous ones).
 */
export function PosterFillPanel({ original, edited, own, onFill }: Props) {
  const { t, lang } = useI18n();
  const requireLogin = useRequireLogin();
  const { taskTypes } = useTaskTypes();
  const { capability } = useCapability(POSTER_COPY_BIZ_TYPE);
  const [draft, setDraft] = useState<FillDraft>(loadFillDraft);
  const fill = usePosterFill(edited, original.id, onFill);

  // A server that does not offer the type (an older one): no panel.
  if (taskTypes && !taskTypes.taskTypes[POSTER_COPY_BIZ_TYPE]) return null;

  const limits = limitsOf(taskTypes, POSTER_COPY_BIZ_TYPE, COPY_LIMIT_NAMES);
  const price = priceOf(taskTypes, POSTER_COPY_BIZ_TYPE);
  const refused = isRefused(capability?.state) ? (capability?.state as Refused) : null;
  const content = draft[draft.source];
  const n = countChars(content);
  const over = !!limits && n > limits.contentMaxChars;

  const update = (next: Partial<FillDraft>) => {
    const d = { ...draft, ...next };
    setDraft(d);
    saveFillDraft(d);
  };

  const onSubmit = () => {
    if (!requireLogin()) return;
    const problem = contentProblem(content, limits);
    if (problem === 'short') {
      toast.warning(t(`posterFill.required.${draft.source}`, { min: limits?.contentMinChars ?? 1 }));
      return;
    }
    if (problem === 'long') {
      toast.warning(t('posterFill.tooLong', { max: limits?.contentMaxChars ?? 0 }));
      return;
    }
    fill.submit(buildCopyParams({ source: draft.source, content, language: lang, original, edited, own }));
  };

  return (
    <section className="poster-section poster-fill" data-testid="poster-fill" data-state={capability?.state ?? 'unknown'}>
      <h3>{t('posterFill.title')}</h3>
      <div className="tabs poster-fill-tabs" role="tablist">
        {COPY_SOURCES.map((s: CopySource) => (
          <button
            key={s}
            type="button"
            role="tab"
            aria-selected={draft.source === s}
            className={draft.source === s ? 'tab active' : 'tab'}
            data-testid={`poster-fill-source-${s}`}
            onClick={() => update({ source: s })}
          >
            {t(`posterFill.source.${s}`)}
          </button>
        ))}
      </div>
      <label className="field poster-fill-field">
        <span className="field-head">
          <span>{t(`posterFill.label.${draft.source}`)}</span>
          <output className={over ? 'field-value over' : 'field-value'} data-testid="poster-fill-counter">
            {limits ? `${n}/${limits.contentMaxChars}` : n}
          </output>
        </span>
        <textarea
          data-testid="poster-fill-content"
          rows={3}
          value={content}
          aria-invalid={over}
          placeholder={t(`posterFill.placeholder.${draft.source}`)}
          onChange={(e) => update({ [draft.source]: e.target.value })}
        />
      </label>
      {refused && (
        <p className="muted small" data-testid="poster-fill-unavailable" data-state={refused}>
          {t(`posterFill.unavailable.${refused}`)}
        </p>
      )}
      {capability && (capability.state === 'waiting' || capability.state === 'noWorker') && (
        <p className="muted small" data-testid={`poster-fill-${capability.state}`}>
          {t(`capability.${capability.state}`)}
        </p>
      )}
      <button type="button" className="button primary block" data-testid="poster-fill-submit" disabled={!!refused || fill.busy} onClick={onSubmit}>
        <span>{fill.busy ? t('posterFill.writing') : t('posterFill.generate')}</span>
        {price !== null && (
          <span className="cost" data-testid="poster-fill-cost">
            {t('workspace.cost', { n: price })}
          </span>
        )}
      </button>
      <FillStatus fill={fill} />
    </section>
  );
}
