import { useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useI18n } from '../../../lib/i18n';
import { useContentBatch, useContentDefaults, type ContentBatch } from '../api/content';
import { SUBJECT_PARAMS, subjectFromParams } from '../content';
import { BatchView } from './BatchView';
import { ContentForm } from './ContentForm';
import { RecentBatches } from './RecentBatches';
import './content.css';

/**
 * /mott-content: 内容生成. The subject comes from the address (`?hotspotId=`,
 * a calendar day's `?source=calendar&topic=&date=`, an idea report's
 * `?reportId=&ideaIndex=`, or none: the merchant's own topic); `?batch=` is
 * the batch on screen, so a reload keeps it.
 */
export function ContentPage({ mobile = false }: { mobile?: boolean }) {
  const { t } = useI18n();
  const [params, setParams] = useSearchParams();
  const paramKey = SUBJECT_PARAMS.map((k) => params.get(k) ?? '').join('\u0001');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the subject changes only with its own parameters
  const subject = useMemo(() => subjectFromParams(params), [paramKey]);
  const batchId = params.get('batch');
  const defaults = useContentDefaults();
  const batch = useContentBatch(batchId);
  const main = useRef<HTMLDivElement>(null);

  const show = (b: ContentBatch) => {
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.set('batch', b.id);
      return next;
    });
    // One column: the new batch is under the form, out of sight.
    if (mobile) requestAnimationFrame(() => main.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' }));
  };
  const dropSubject = () =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      for (const k of SUBJECT_PARAMS) next.delete(k);
      return next;
    });

  return (
    <div className={mobile ? 'page content-page mobile' : 'page content-page'} data-testid="content-page">
      <header className="page-header">
        <h1>{t('route.mott-content.title')}</h1>
        <p className="muted">{t('content.subtitle')}</p>
      </header>
      <div className="content-layout">
        <div className="content-side">
          {defaults.isPending ? (
            <p className="panel muted" data-testid="content-form-loading">
              {t('app.loading')}
            </p>
          ) : (
            <ContentForm key={paramKey} subject={subject} defaults={defaults.data} defaultsFailed={defaults.isError} onCreated={show} onDropSubject={dropSubject} />
          )}
        </div>
        <div className="content-main" ref={main}>
          {!batchId ? (
            <p className="panel muted" data-testid="content-batch-empty">
              {t('content.batch.empty')}
            </p>
          ) : batch.data ? (
            <BatchView key={batch.data.id} batch={batch.data} mobile={mobile} />
          ) : batch.isError ? (
            <div className="panel" role="alert" data-testid="content-batch-error">
              <p>{t('content.batch.loadFailed')}</p>
              <button type="button" className="button" onClick={() => void batch.refetch()}>
                {t('content.batch.retryLoad')}
              </button>
            </div>
          ) : (
            <p className="panel muted" data-testid="content-batch-loading">
              {t('content.batch.loading')}
            </p>
          )}
          <RecentBatches selectedId={batchId} />
        </div>
      </div>
    </div>
  );
}
