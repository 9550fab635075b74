import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { useI18n, type MessageKey } from '../../../lib/i18n';
import { BATCH_PAGE_SIZE, useContentBatches } from '../api/content';

/** The merchant's batches, newest first, ten a page; one opens with `?batch=`. */
export function RecentBatches({ selectedId }: { selectedId: string | null }) {
  const { t, lang } = useI18n();
  const [params] = useSearchParams();
  const [pageNum, setPageNum] = useState(1);
  const batches = useContentBatches(pageNum);
  const list = batches.data?.list ?? [];
  const pages = Math.max(1, Math.ceil((batches.data?.total ?? 0) / BATCH_PAGE_SIZE));
  const linkTo = (id: string) => {
    const p = new URLSearchParams(params);
    p.set('batch', id);
    return `?${p.toString()}`;
  };
  const fresh = () => {
    const p = new URLSearchParams(params);
    p.delete('batch');
    const qs = p.toString();
    return qs ? `?${qs}` : '?';
  };
  return (
    <section className="panel content-history" data-testid="content-history">
      <header className="content-history-head">
        <h2 className="panel-title">{t('content.history')}</h2>
        {selectedId && (
          <Link to={fresh()} className="button small ghost" data-testid="content-history-new">
            {t('content.history.new')}
          </Link>
        )}
      </header>
      {batches.isError ? (
        <p className="muted" role="alert">
          {t('content.history.loadFailed')}{' '}
          <button type="button" className="button small ghost" onClick={() => void batches.refetch()}>
            {t('content.batch.retryLoad')}
          </button>
        </p>
      ) : batches.isPending ? (
        <p className="muted">{t('content.batch.loading')}</p>
      ) : list.length === 0 ? (
        <p className="muted" data-testid="content-history-empty">
          {t('content.history.empty')}
        </p>
      ) : (
        <ul className="content-history-list">
          {list.map((b) => (
            <li key={b.id}>
              <Link
                to={linkTo(b.id)}
                className={b.id === selectedId ? 'content-history-item selected' : 'content-history-item'}
                aria-current={b.id === selectedId ? 'true' : undefined}
                data-testid="content-history-item"
                data-batch-id={b.id}
              >
                <strong className="content-history-title">{b.topic}</strong>
                <span className="content-history-meta muted small">
                  <span>{b.items.map((i) => t(`content.platform.${i.platform}` as MessageKey)).join(' · ')}</span>
                  {b.loading && <span className="content-status status-loading">{t('content.history.loading')}</span>}
                  <time dateTime={new Date(b.createdAt).toISOString()}>{formatDateTime(b.createdAt, lang)}</time>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav className="content-history-pager">
          <button type="button" className="button small ghost" disabled={pageNum <= 1} data-testid="content-history-prev" onClick={() => setPageNum((n) => n - 1)}>
            {t('content.history.prev')}
          </button>
          <span className="muted small">{t('content.history.page', { n: pageNum, total: pages })}</span>
          <button type="button" className="button small ghost" disabled={pageNum >= pages} data-testid="content-history-next" onClick={() => setPageNum((n) => n + 1)}>
            {t('content.history.next')}
          </button>
        </nav>
      )}
    </section>
  );
}
