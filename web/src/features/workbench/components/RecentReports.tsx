import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { useI18n, type MessageKey } from '../../../lib/i18n';
import { useRecentReports } from '../api/workbench';
import { PanelState } from './PanelState';

/** The user's three latest idea reports, each reopened on /mott-idea; and the way to a new one. */
export function RecentReports() {
  const { t, lang } = useI18n();
  const reports = useRecentReports();
  const list = reports.data ?? [];
  return (
    <section className="panel workbench-panel" data-testid="workbench-reports">
      <header className="workbench-panel-head">
        <h2 className="panel-title">{t('workbench.reports')}</h2>
        <Link to="/mott-idea" data-testid="workbench-reports-new">
          {t('workbench.reports.new')}
        </Link>
      </header>
      {reports.isError ? (
        <PanelState error onRetry={() => void reports.refetch()} />
      ) : reports.isPending ? (
        <PanelState />
      ) : list.length === 0 ? (
        <p className="muted" data-testid="workbench-reports-empty">
          {t('workbench.reports.empty')}
        </p>
      ) : (
        <ul className="workbench-list">
          {list.map((r) => (
            <li key={r.id} className="workbench-report" data-process={r.process}>
              <Link className="workbench-report-title" to={`/mott-idea?reportId=${encodeURIComponent(r.id)}`} data-testid="workbench-report">
                {r.reportTitle}
              </Link>
              <span className="muted workbench-meta">{t(`workbench.reports.process.${r.process}` as MessageKey)}</span>
              <time className="muted workbench-meta" dateTime={new Date(r.createdAt).toISOString()}>
                {formatDateTime(r.createdAt, lang)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
