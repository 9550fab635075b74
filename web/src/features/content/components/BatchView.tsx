import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { isApiError } from '../../../lib/api/client';
import { formatDateTime } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useBatchAction, type ContentBatch } from '../api/content';
import { canContinueBatch, canStopBatch } from '../content';
import { ItemCard } from './ItemCard';

/** A batch: its subject, the batch-wide stop and continue, and one card per platform in the order asked. */
export function BatchView({ batch, mobile = false }: { batch: ContentBatch; mobile?: boolean }) {
  const { t, lang } = useI18n();
  const action = useBatchAction();
  const [asking, setAsking] = useState(false);

  const stop = () => action.mutate({ kind: 'stopBatch', batchId: batch.id });
  const resume = () =>
    action.mutate(
      { kind: 'continueBatch', batchId: batch.id },
      {
        onSettled: () => setAsking(false),
        // Silent request: its refusal (no lingshi, no model…) is said here.
        onError: (e) => toast.error(isApiError(e) ? e.msg : t('error.server')),
      },
    );

  return (
    <article className="panel content-batch" data-testid="content-batch" data-batch-id={batch.id} data-loading={batch.loading ? 'true' : 'false'}>
      <header className="content-batch-head">
        <div>
          <h2 className="content-batch-title" data-testid="content-batch-title">
            {batch.topic}
          </h2>
          <p className="muted small">
            {t('content.batch.product', { name: batch.productName })} · {t('content.batch.createdAt', { time: formatDateTime(batch.createdAt, lang) })}
          </p>
        </div>
        <div className="content-batch-actions">
          {canStopBatch(batch) && (
            <button type="button" className="button ghost danger" data-testid="content-stop-all" disabled={action.isPending} onClick={stop}>
              {t('content.batch.stop')}
            </button>
          )}
          {canContinueBatch(batch) && (
            <button type="button" className="button primary" data-testid="content-continue" disabled={action.isPending} onClick={() => setAsking(true)}>
              {t('content.batch.continue')}
            </button>
          )}
        </div>
      </header>
      <div className="content-items">
        {batch.items.map((item) => (
          <ItemCard key={item.id} item={item} mobile={mobile} />
        ))}
      </div>
      <ConfirmDialog
        open={asking}
        title={t('content.batch.continue.title')}
        message={t('content.batch.continue.message')}
        confirmLabel={t('content.batch.continue')}
        cancelLabel={t('content.confirm.keep')}
        pending={action.isPending}
        onConfirm={resume}
        onCancel={() => setAsking(false)}
        testId="content-continue-confirm"
        variant={mobile ? 'mobile' : 'desktop'}
      />
    </article>
  );
}
