import { useState, type FormEvent } from 'react';
import { isApiError } from '../../../lib/api/client';
import { useI18n } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useBatchAction, useContentDefaults, type ContentItem } from '../api/content';
import { bodyCount, charCount, textChange, textDraftOf, textLimitsOf, validateText, type TextDraft } from '../content';

/** The item's text, editable in place: saved with PUT …/text, only when something changed. */
export function ItemEditor({ item, onDone }: { item: ContentItem; onDone: () => void }) {
  const { t } = useI18n();
  const action = useBatchAction();
  const [draft, setDraft] = useState<TextDraft>(() => textDraftOf(item));
  const [error, setError] = useState<string | null>(null);
  const limits = textLimitsOf(useContentDefaults().data, item.platform);
  const set = (patch: Partial<TextDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setError(null);
  };

  const save = (e: FormEvent) => {
    e.preventDefault();
    const change = textChange(item, draft);
    if (!change) {
      toast.info(t('content.item.unchanged'));
      onDone();
      return;
    }
    const bad = validateText(draft, limits);
    if (bad) {
      setError(bad.kind === 'required' ? t('content.item.contentRequired') : t('content.error.tooLong', { max: bad.max ?? 0 }));
      return;
    }
    action.mutate(
      { kind: 'saveText', itemId: item.id, text: change },
      {
        onSuccess: () => {
          toast.success(t('content.item.saved'));
          onDone();
        },
        onError: (err) => setError(isApiError(err) ? err.msg : t('error.server')),
      },
    );
  };

  return (
    <form className="content-editor" onSubmit={save} noValidate data-testid="content-item-editor">
      {limits.title !== null && (
        <label className="field">
          <span className="field-head">
            <span>{t('content.item.title')}</span>
            <span className="muted small content-count">{Number.isFinite(limits.title) && t('content.count', { n: charCount(draft.title.trim()), max: limits.title ?? 0 })}</span>
          </span>
          <input type="text" value={draft.title} data-testid="content-edit-title" onChange={(e) => set({ title: e.target.value })} />
        </label>
      )}
      <label className="field">
        <span className="field-head">
          <span>{t('content.item.content')}</span>
          <span className="muted small content-count">{Number.isFinite(limits.content) && t('content.count', { n: bodyCount(draft.content.trim()), max: limits.content })}</span>
        </span>
        <textarea rows={8} value={draft.content} data-testid="content-edit-content" onChange={(e) => set({ content: e.target.value })} />
      </label>
      <label className="field">
        <span className="field-head">{t('content.item.tags')}</span>
        <input type="text" value={draft.tags} placeholder={t('content.item.tags.placeholder')} data-testid="content-edit-tags" onChange={(e) => set({ tags: e.target.value })} />
      </label>
      {error && (
        <p className="form-error" role="alert" data-testid="content-edit-error">
          {error}
        </p>
      )}
      <div className="content-item-actions">
        <button type="submit" className="button small primary" disabled={action.isPending} data-testid="content-edit-save">
          {t('content.item.save')}
        </button>
        <button type="button" className="button small ghost" data-testid="content-edit-cancel" onClick={onDone}>
          {t('content.item.cancel')}
        </button>
      </div>
    </form>
  );
}
