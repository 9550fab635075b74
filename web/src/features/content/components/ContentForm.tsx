import { useState, type FormEvent, type ReactNode } from 'react';
import { ProductPhotoField } from '../../../components/ProductPhotoField';
import { isApiError } from '../../../lib/api/client';
import { useI18n, type MessageKey } from '../../../lib/i18n';
import { IDEA_STYLES, PLATFORMS, useCreateContentBatch, type ContentBatch, type ContentDefaults, type IdeaStyle, type Platform } from '../api/content';
import {
  charCount,
  draftFrom,
  errorField,
  PRODUCT_INFO_MAX,
  PRODUCT_NAME_MAX,
  TOPIC_MAX,
  toNewBatch,
  totalPrice,
  validateDraft,
  type ContentDraft,
  type DraftError,
  type DraftField,
  type Subject,
} from '../content';
import { SubjectField } from './SubjectField';

/** A field's problem: one of ours (translated on render), or the server's own message. */
type FieldProblem = { error: DraftError } | { msg: string };

interface Props {
  subject: Subject;
  /** Undefined when GET /defaults could not be read (no price is shown). */
  defaults: ContentDefaults | undefined;
  defaultsFailed?: boolean;
  onCreated: (batch: ContentBatch) => void;
  onDropSubject: () => void;
}

const MAX_OF: Record<DraftField, number> = { topic: TOPIC_MAX, productName: PRODUCT_NAME_MAX, productInfo: PRODUCT_INFO_MAX, platforms: PLATFORMS.length };

/** The batch's request: the subject, the product, the platforms and the style, with its price. */
export function ContentForm({ subject, defaults, defaultsFailed = false, onCreated, onDropSubject }: Props) {
  const { t, lang } = useI18n();
  const [draft, setDraft] = useState<ContentDraft>(() => draftFrom(defaults, subject));
  const [problems, setProblems] = useState<Partial<Record<DraftField, FieldProblem>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateContentBatch();
  const maxPlatforms = defaults?.maxPlatforms ?? PLATFORMS.length;

  const set = (patch: Partial<ContentDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    // A problem goes once its field is edited; the others stay until the next submit.
    setProblems((p) => {
      const next = { ...p };
      for (const k of Object.keys(patch) as DraftField[]) delete next[k];
      return next;
    });
    setFormError(null);
  };
  const togglePlatform = (p: Platform) =>
    set({ platforms: draft.platforms.includes(p) ? draft.platforms.filter((x) => x !== p) : PLATFORMS.filter((x) => x === p || draft.platforms.includes(x)) });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (create.isPending) return;
    const found = validateDraft(draft, subject, maxPlatforms);
    const next: Partial<Record<DraftField, FieldProblem>> = {};
    for (const [k, v] of Object.entries(found)) next[k as DraftField] = { error: v };
    setProblems(next);
    setFormError(null);
    if (Object.keys(next).length > 0) return;
    create.mutate(toNewBatch(draft, subject, lang), {
      onSuccess: onCreated,
      onError: (err) => {
        if (!isApiError(err)) return setFormError(t('error.server'));
        const field = errorField(err.error, err.field);
        // A refusal about the topic while a hotspot or an idea is the subject has no field on screen.
        if (field && !(field === 'topic' && (subject.kind === 'hotspot' || subject.kind === 'idea'))) setProblems({ [field]: { msg: err.msg } });
        else setFormError(err.msg);
      },
    });
  };

  const problemText = (field: DraftField): string | null => {
    const p = problems[field];
    if (!p) return null;
    if ('msg' in p) return p.msg;
    if (field === 'platforms') return p.error === 'required' ? t('content.error.platformRequired') : t('content.error.platformTooMany', { max: maxPlatforms });
    if (p.error === 'tooLong') return t('content.error.tooLong', { max: MAX_OF[field] });
    return t(field === 'topic' ? 'content.error.topicRequired' : 'content.error.productRequired');
  };
  const problem = (field: DraftField): ReactNode => {
    const text = problemText(field);
    return (
      text && (
        <span className="form-error" role="alert" data-testid={`content-error-${field}`}>
          {text}
        </span>
      )
    );
  };
  const counter = (value: string, max: number) => <span className="muted small content-count">{t('content.count', { n: charCount(value.trim()), max })}</span>;

  const total = totalPrice(defaults, draft.platforms.length);

  return (
    <form className="panel content-form" onSubmit={submit} noValidate data-testid="content-form">
      <h2 className="panel-title">{t('content.form.title')}</h2>
      <SubjectField subject={subject} topic={draft.topic} onTopic={(topic) => set({ topic })} onDropSubject={onDropSubject} problem={problem('topic')} />
      <label className="field">
        <span className="field-head">
          <span>{t('content.productName')} *</span>
          {counter(draft.productName, PRODUCT_NAME_MAX)}
        </span>
        <input
          type="text"
          value={draft.productName}
          placeholder={t('content.productName.placeholder')}
          aria-invalid={!!problems.productName}
          aria-required="true"
          data-testid="content-product-name"
          onChange={(e) => set({ productName: e.target.value })}
        />
        {problem('productName')}
      </label>
      <label className="field">
        <span className="field-head">
          <span>{t('content.productInfo')}</span>
          {counter(draft.productInfo, PRODUCT_INFO_MAX)}
        </span>
        <textarea
          rows={4}
          value={draft.productInfo}
          placeholder={t('content.productInfo.placeholder')}
          aria-invalid={!!problems.productInfo}
          data-testid="content-product-info"
          onChange={(e) => set({ productInfo: e.target.value })}
        />
        {problem('productInfo')}
      </label>
      <ProductPhotoField value={draft.productImage} onChange={(url) => set({ productImage: url })} hint={t('content.photo.hint')} testId="content" />
      <fieldset className="field">
        <legend>{t('content.platforms')} *</legend>
        <div className="content-chips">
          {PLATFORMS.map((p) => {
            const on = draft.platforms.includes(p);
            return (
              <button key={p} type="button" className={on ? 'chip active' : 'chip'} aria-pressed={on} data-testid={`content-platform-${p}`} onClick={() => togglePlatform(p)}>
                {t(`content.platform.${p}` as MessageKey)}
              </button>
            );
          })}
        </div>
        {problem('platforms')}
      </fieldset>
      <label className="field">
        <span className="field-head">{t('content.style')}</span>
        <select value={draft.ideaStyle} data-testid="content-style" onChange={(e) => set({ ideaStyle: e.target.value as IdeaStyle })}>
          {IDEA_STYLES.map((s) => (
            <option key={s} value={s}>
              {t(`idea.style.${s}` as MessageKey)}
            </option>
          ))}
        </select>
      </label>
      {defaultsFailed && <p className="muted small">{t('content.defaultsFailed')}</p>}
      {formError && (
        <p className="form-error" role="alert" data-testid="content-form-error">
          {formError}
        </p>
      )}
      <div className="content-form-actions">
        {total !== null && (
          <span className="content-total" data-testid="content-total">
            {t('content.total', { n: total })}
          </span>
        )}
        <button type="submit" className="button primary" disabled={create.isPending} data-testid="content-submit">
          {create.isPending ? t('content.submitting') : t('content.submit')}
        </button>
      </div>
    </form>
  );
}
