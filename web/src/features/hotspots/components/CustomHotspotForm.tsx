import { useState, type FormEvent } from 'react';
import { useI18n } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useSaveHotspot } from '../api/hotspots';
import { charCount, EMPTY_DRAFT, SUMMARY_MAX, TITLE_MAX, ARTICLE_MAX, toNewHotspot, validateDraft, type CustomHotspotDraft, type DraftErrors } from '../customHotspot';

/** "保存热点": the user's own hotspot (a topic they want to ride), listed on the CUSTOM tab. */
export function CustomHotspotForm() {
  const { t } = useI18n();
  const [draft, setDraft] = useState<CustomHotspotDraft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<DraftErrors>({});
  const save = useSaveHotspot();
  const set = (patch: Partial<CustomHotspotDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    // An error goes once its field is edited; the rest stay until the next submit.
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch) as (keyof CustomHotspotDraft)[]) delete next[k];
      return next;
    });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateDraft(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(toNewHotspot(draft), {
      onSuccess: () => {
        setDraft(EMPTY_DRAFT);
        toast.success(t('hot.custom.saved'));
      },
    });
  };
  const error = (field: keyof CustomHotspotDraft) =>
    errors[field] && (
      <span className="form-error" role="alert" data-testid={`hotspot-form-error-${field}`}>
        {t(`hot.custom.error.${errors[field]}`)}
      </span>
    );
  return (
    <form className="panel hotspot-form" onSubmit={submit} noValidate data-testid="hotspot-form">
      <h2>{t('hot.custom.formTitle')}</h2>
      <label className="field">
        <span>
          {t('hot.custom.title')} <span className="muted small">{t('hot.count', { n: charCount(draft.title.trim()), max: TITLE_MAX })}</span>
        </span>
        <input
          type="text"
          value={draft.title}
          placeholder={t('hot.custom.titlePlaceholder')}
          aria-invalid={!!errors.title}
          data-testid="hotspot-form-title"
          onChange={(e) => set({ title: e.target.value })}
        />
        {error('title')}
      </label>
      <label className="field">
        <span>
          {t('hot.custom.summary')} <span className="muted small">{t('hot.count', { n: charCount(draft.summary.trim()), max: SUMMARY_MAX })}</span>
        </span>
        <textarea rows={2} value={draft.summary} aria-invalid={!!errors.summary} data-testid="hotspot-form-summary" onChange={(e) => set({ summary: e.target.value })} />
        {error('summary')}
      </label>
      <label className="field">
        <span>
          {t('hot.custom.article')} <span className="muted small">{t('hot.count', { n: charCount(draft.article.trim()), max: ARTICLE_MAX })}</span>
        </span>
        <textarea rows={3} value={draft.article} aria-invalid={!!errors.article} data-testid="hotspot-form-article" onChange={(e) => set({ article: e.target.value })} />
        {error('article')}
      </label>
      <label className="field">
        <span>{t('hot.custom.url')}</span>
        <input
          type="url"
          value={draft.xhsUrl}
          placeholder="https://"
          aria-invalid={!!errors.xhsUrl}
          data-testid="hotspot-form-url"
          onChange={(e) => set({ xhsUrl: e.target.value })}
        />
        {error('xhsUrl')}
      </label>
      <div className="hotspot-form-actions">
        <button type="submit" className="button primary" disabled={save.isPending} data-testid="hotspot-form-submit">
          {save.isPending ? t('hot.custom.saving') : t('hot.custom.save')}
        </button>
      </div>
    </form>
  );
}
