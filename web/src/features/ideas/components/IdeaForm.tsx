import { useState, type FormEvent, type ReactNode } from 'react';
import { ProductPhotoField } from '../../../components/ProductPhotoField';
import { isApiError } from '../../../lib/api/client';
import { useI18n, type MessageKey } from '../../../lib/i18n';
import { IDEA_STYLES, MKT_TYPES, SOCIAL_TYPES, useCreateIdeaReport, type IdeaDefaults, type IdeaReport, type SocialType } from '../api/ideas';
import {
  charCount,
  draftFrom,
  errorField,
  TEXT_MAX,
  TOPIC_MAX,
  toNewReport,
  totalPrice,
  validateDraft,
  type DraftError,
  type DraftField,
  type IdeaDraft,
  type Subject,
} from '../report';
import { SubjectField } from './SubjectField';

/** A field's problem: one of ours (translated on render), or the server's own message. */
type FieldProblem = { error: DraftError } | { msg: string };

interface Props {
  subject: Subject;
  defaults: IdeaDefaults;
  /** The defaults (and so the prices) could not be read. */
  defaultsFailed?: boolean;
  mobile?: boolean;
  onCreated: (report: IdeaReport) => void;
  onDropHotspot: () => void;
}

/** The report's request: the subject, the product, the style and the kinds of ideas, with their price. */
export function IdeaForm({ subject, defaults, defaultsFailed = false, mobile = false, onCreated, onDropHotspot }: Props) {
  const { t, lang } = useI18n();
  const [draft, setDraft] = useState<IdeaDraft>(() => draftFrom(defaults, subject));
  const [problems, setProblems] = useState<Partial<Record<DraftField, FieldProblem>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateIdeaReport();

  const set = (patch: Partial<IdeaDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    // A problem goes once its field is edited; the others stay until the next submit.
    setProblems((p) => {
      const next = { ...p };
      for (const k of Object.keys(patch) as DraftField[]) delete next[k];
      return next;
    });
    setFormError(null);
  };

  const toggleSocial = (s: SocialType, on: boolean) =>
    set({ socialType: on ? SOCIAL_TYPES.filter((x) => x === s || draft.socialType.includes(x)) : draft.socialType.filter((x) => x !== s) });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateDraft(draft, subject);
    const next: Partial<Record<DraftField, FieldProblem>> = {};
    for (const [k, v] of Object.entries(found)) next[k as DraftField] = { error: v };
    setProblems(next);
    setFormError(null);
    if (Object.keys(next).length > 0) return;
    create.mutate(toNewReport(draft, subject, mobile ? 'mobile' : 'desktop', lang), {
      onSuccess: onCreated,
      onError: (err) => {
        if (!isApiError(err)) {
          setFormError(t('error.server'));
          return;
        }
        const field = errorField(err.error, err.field);
        // A refusal about the topic while a hotspot is the subject has no field on screen.
        if (field && !(subject.kind === 'hotspot' && (field === 'reportTitle' || field === 'topicDesc'))) setProblems({ [field]: { msg: err.msg } });
        else setFormError(err.msg);
      },
    });
  };

  const problemText = (field: DraftField): string | null => {
    const p = problems[field];
    if (!p) return null;
    if ('msg' in p) return p.msg;
    if (p.error === 'required') return t(field === 'marketDesc' ? 'idea.error.marketDescRequired' : field === 'reportTitle' ? 'idea.error.reportTitleRequired' : 'idea.error.required');
    if (p.error === 'tooLong') return t('idea.error.tooLong', { max: field === 'reportTitle' ? TOPIC_MAX : TEXT_MAX });
    return t('idea.error.socialRequired');
  };
  const problem = (field: DraftField): ReactNode => {
    const text = problemText(field);
    return (
      text && (
        <span className="form-error" role="alert" data-testid={`idea-error-${field}`}>
          {text}
        </span>
      )
    );
  };
  const counter = (value: string, max: number, testId: string) => (
    <span className="muted small idea-count" data-testid={testId}>
      {t('idea.count', { n: charCount(value.trim()), max })}
    </span>
  );

  const total = totalPrice(defaults.prices, draft.socialType);
  const priceText = (s: SocialType) => {
    const p = defaults.prices[s];
    if (typeof p !== 'number') return null;
    if (p > 0) return t('idea.price.per3', { n: p });
    return defaults.ideasFreeUntil ? t('idea.price.freeUntil', { date: defaults.ideasFreeUntil }) : t('idea.price.free');
  };

  return (
    <form className="panel idea-form" onSubmit={submit} noValidate data-testid="idea-form">
      <h2 className="panel-title">{t('idea.form.title')}</h2>
      <SubjectField
        subject={subject}
        draft={draft}
        onChange={set}
        onDropHotspot={onDropHotspot}
        topicProblem={problem('reportTitle')}
        topicDescProblem={problem('topicDesc')}
      />
      <label className="field">
        <span className="field-head">{t('idea.mktType')}</span>
        <select value={draft.mktType} data-testid="idea-mkt-type" onChange={(e) => set({ mktType: e.target.value as IdeaDraft['mktType'] })}>
          {MKT_TYPES.map((m) => (
            <option key={m} value={m}>
              {t(`idea.mktType.${m}` as MessageKey)}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span className="field-head">
          <span>{t('idea.marketDesc')} *</span>
          {counter(draft.marketDesc, TEXT_MAX, 'idea-market-desc-count')}
        </span>
        <textarea
          rows={4}
          value={draft.marketDesc}
          placeholder={t('idea.marketDesc.placeholder')}
          aria-invalid={!!problems.marketDesc}
          aria-required="true"
          data-testid="idea-market-desc"
          onChange={(e) => set({ marketDesc: e.target.value })}
        />
        {problem('marketDesc')}
      </label>
      <ProductPhotoField value={draft.productImage} onChange={(url) => set({ productImage: url })} hint={t('idea.photo.hint')} testId="idea" />
      <label className="field">
        <span className="field-head">
          <span>{t('idea.prompt')}</span>
          {counter(draft.prompt, TEXT_MAX, 'idea-prompt-count')}
        </span>
        <textarea
          rows={2}
          value={draft.prompt}
          placeholder={t('idea.prompt.placeholder')}
          aria-invalid={!!problems.prompt}
          data-testid="idea-prompt"
          onChange={(e) => set({ prompt: e.target.value })}
        />
        {problem('prompt')}
      </label>
      <fieldset className="field">
        <legend>{t('idea.style')}</legend>
        <div className="idea-chips" role="radiogroup">
          {IDEA_STYLES.map((s) => (
            <label key={s} className={draft.ideaStyle === s ? 'chip active' : 'chip'} data-testid={`idea-style-${s}`}>
              <input type="radio" name="idea-style" value={s} checked={draft.ideaStyle === s} onChange={() => set({ ideaStyle: s })} />
              {t(`idea.style.${s}` as MessageKey)}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="field">
        <legend>{t('idea.social')}</legend>
        <div className="idea-social">
          {SOCIAL_TYPES.map((s) => {
            const price = priceText(s);
            return (
              <label key={s} className="idea-social-option">
                <input
                  type="checkbox"
                  checked={draft.socialType.includes(s)}
                  data-testid={`idea-social-${s}`}
                  onChange={(e) => toggleSocial(s, e.target.checked)}
                />
                <span>{t(`idea.social.${s}` as MessageKey)}</span>
                {price && (
                  <span className={defaults.prices[s] === 0 ? 'idea-price free' : 'idea-price'} data-testid={`idea-social-price-${s}`}>
                    {price}
                  </span>
                )}
              </label>
            );
          })}
        </div>
        {problem('socialType')}
      </fieldset>
      {defaultsFailed && <p className="muted small">{t('idea.defaultsFailed')}</p>}
      {formError && (
        <p className="form-error" role="alert" data-testid="idea-form-error">
          {formError}
        </p>
      )}
      <div className="idea-form-actions">
        {total !== null && (
          <span className="idea-total" data-testid="idea-total">
            {total > 0 ? t('idea.total', { n: total }) : t('idea.total.free')}
          </span>
        )}
        <button type="submit" className="button primary" disabled={create.isPending} data-testid="idea-submit">
          {create.isPending ? t('idea.submitting') : t('idea.submit')}
        </button>
      </div>
    </form>
  );
}
