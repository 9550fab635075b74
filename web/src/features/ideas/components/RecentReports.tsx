import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { useI18n, type MessageKey } from '../../../lib/i18n';
import { REPORT_PAGE_SIZE, useIdeaReports } from '../api/ideas';

/** The merchant's reports, newest first, ten a page; one opens with `?reportId=`. */
export function RecentReports({ selectedId }: { selectedId: string | null }) {
  const { t, lang } = useI18n();
  const [params] = useSearchParams();
  const [pageNum, setPageNum] = useState(1);
  const reports = useIdeaReports(pageNum);
  const list = reports.data?.list ?? [];
  const pages = Math.max(1, Math.ceil((reports.data?.total ?? 0) / REPORT_PAGE_SIZE));
  const linkTo = (id: string) => {
    const p = new URLSearchParams(params);
    p.set('reportId', id);
    return `?${p.toString()}`;
  };
  const fresh = () => {
    const p = new URLSearchParams(params);
    p.delete('reportId');
    const qs = p.toString();
    return qs ? `?${qs}` : '?';
  };
  return (
    <section className="panel idea-history" data-testid="idea-history">
      <header className="idea-history-head">
        <h2 className="panel-title">{t('idea.history')}</h2>
        {selectedId && (
          <Link to={fresh()} className="button small ghost" data-testid="idea-history-new">
            {t('idea.history.new')}
          </Link>
        )}
      </header>
      {reports.isError ? (
        <p className="muted" role="alert">
          {t('idea.history.loadFailed')}{' '}
          <button type="button" className="button small ghost" onClick={() => void reports.refetch()}>
            {t('idea.report.retryLoad')}
          </button>
        </p>
      ) : reports.isPending ? (
        <p className="muted">{t('idea.report.loading')}</p>
      ) : list.length === 0 ? (
        <p className="muted" data-testid="idea-history-empty">
          {t('idea.history.empty')}
        </p>
      ) : (
        <ul className="idea-history-list">
          {list.map((r) => (
            <li key={r.id}>
              <Link
                to={linkTo(r.id)}
                className={r.id === selectedId ? 'idea-history-item selected' : 'idea-history-item'}
                aria-current={r.id === selectedId ? 'true' : undefined}
                data-testid="idea-history-item"
                data-report-id={r.id}
                data-process={r.process}
              >
                <strong className="idea-history-title">{r.reportTitle}</strong>
                <span className="idea-history-meta muted small">
                  <span className={`idea-process process-${r.process}`}>{t(`idea.process.${r.process}` as MessageKey)}</span>
                  <time dateTime={new Date(r.createdAt).toISOString()}>{formatDateTime(r.createdAt, lang)}</time>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav className="idea-history-pager">
          <button type="button" className="button small ghost" disabled={pageNum <= 1} data-testid="idea-history-prev" onClick={() => setPageNum((n) => n - 1)}>
            {t('idea.history.prev')}
          </button>
          <span className="muted small">{t('idea.history.page', { n: pageNum, total: pages })}</span>
          <button type="button" className="button small ghost" disabled={pageNum >= pages} data-testid="idea-history-next" onClick={() => setPageNum((n) => n + 1)}>
            {t('idea.history.next')}
          </button>
        </nav>
      )}
    </section>
  );
}
