import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { isApiError } from '../../../lib/api/client';
import { useTaskStream } from '../../../lib/api/taskEvents';
import { writeClipboard } from '../../../lib/clipboard';
import { useI18n, type MessageKey } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useBatchAction, type ContentItem } from '../api/content';
import { isLoading, itemPlainText } from '../content';
import { ItemEditor } from './ItemEditor';
import { GenImages } from './GenImages';
import { ItemImages } from './ItemImages';
import { ItemRating } from './ItemRating';

/** One platform's piece: its state, its text (live while written), and what can be done with it. */
export function ItemCard({ item, mobile = false }: { item: ContentItem; mobile?: boolean }) {
  const { t } = useI18n();
  const action = useBatchAction();
  const [editing, setEditing] = useState(false);
  const [asking, setAsking] = useState(false);
  const loading = isLoading(item);
  const platform = t(`content.platform.${item.platform}` as MessageKey);

  const copy = async () => {
    try {
      const text = itemPlainText(item);
      if (!text) throw new Error('nothing to copy');
      await writeClipboard(text);
      toast.success(t('content.item.copied'));
    } catch {
      toast.error(t('content.item.copyFailed'));
    }
  };
  const regenerate = () =>
    action.mutate(
      { kind: 'regenerate', itemId: item.id },
      {
        onSettled: () => setAsking(false),
        onError: (e) => toast.error(isApiError(e) ? e.msg : t('error.server')),
      },
    );

  return (
    <section className={`content-item result-${item.result}`} data-testid="content-item" data-platform={item.platform} data-result={item.result}>
      <header className="content-item-head">
        <h3 className="content-item-platform">{platform}</h3>
        <span className={`content-status status-${item.result}`} data-testid="content-item-status">
          {t(`content.status.${item.result}` as MessageKey)}
        </span>
        {item.edited && <span className="muted small">{t('content.status.edited')}</span>}
      </header>

      {loading ? (
        <LiveText taskId={item.currentTaskId ?? null} />
      ) : editing ? (
        <ItemEditor item={item} onDone={() => setEditing(false)} />
      ) : (
        <ItemText item={item} />
      )}

      {item.result === 'fail' && (
        <p className="content-item-note failed" role="alert" data-testid="content-item-failed">
          {item.errorMsg ? `${item.errorMsg} ` : ''}
          {t('content.item.failed')}
        </p>
      )}
      {item.result === 'stop' && (
        <p className="content-item-note muted" data-testid="content-item-stopped">
          {t('content.item.stopped')}
        </p>
      )}

      {!editing && (
        <div className="content-item-actions">
          {loading ? (
            <button type="button" className="button small ghost danger" data-testid="content-item-stop" disabled={action.isPending} onClick={() => action.mutate({ kind: 'stopItem', itemId: item.id })}>
              {t('content.item.stop')}
            </button>
          ) : (
            <>
              {item.content && (
                <button type="button" className="button small primary" data-testid="content-item-copy" onClick={() => void copy()}>
                  {t('content.item.copy')}
                </button>
              )}
              {item.content && (
                <button type="button" className="button small" data-testid="content-item-edit" onClick={() => setEditing(true)}>
                  {t('content.item.edit')}
                </button>
              )}
              <button type="button" className="button small" data-testid="content-item-regenerate" disabled={action.isPending} onClick={() => setAsking(true)}>
                {t('content.item.regenerate')}
              </button>
              {item.result === 'success' && <ItemRating item={item} />}
            </>
          )}
        </div>
      )}
      {item.result === 'success' && <GenImages item={item} />}
      {item.result === 'success' && <ItemImages item={item} />}

      <ConfirmDialog
        open={asking}
        title={t('content.item.regenerate.title')}
        message={t('content.item.regenerate.message', { platform })}
        confirmLabel={t('content.item.regenerate.confirm')}
        cancelLabel={t('content.confirm.keep')}
        pending={action.isPending}
        onConfirm={regenerate}
        onCancel={() => setAsking(false)}
        testId="content-regenerate-confirm"
        variant={mobile ? 'mobile' : 'desktop'}
      />
    </section>
  );
}

function ItemText({ item }: { item: ContentItem }) {
  if (!item.title && !item.content && item.tags.length === 0) return null;
  return (
    <div className="content-item-text">
      {item.title && (
        <h4 className="content-item-title" data-testid="content-item-title">
          {item.title}
        </h4>
      )}
      {item.content && (
        <p className="content-item-body" data-testid="content-item-body">
          {item.content}
        </p>
      )}
      {item.tags.length > 0 && (
        <ul className="content-tags" data-testid="content-item-tags">
          {item.tags.map((tag) => (
            <li key={tag} className="content-tag">
              #{tag}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The item being written: a spinner and, while its task streams, the text so far (as is, not parsed). */
function LiveText({ taskId }: { taskId: string | null }) {
  const { t } = useI18n();
  const stream = useTaskStream(taskId);
  const text = stream.texts[0]?.text ?? '';
  return (
    <div className="content-running" data-testid="content-item-running" aria-live="polite">
      <p className="content-running-head">
        <span className="content-spinner" aria-hidden="true" />
        {t('content.item.writing')}
      </p>
      {text && (
        <pre className="content-live-text" data-testid="content-item-live">
          {text}
        </pre>
      )}
    </div>
  );
}
