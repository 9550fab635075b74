import { useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useI18n } from '../../../lib/i18n';
import { useIdeaDefaults, useIdeaReport, type IdeaReport } from '../api/ideas';
import { FALLBACK_DEFAULTS, subjectFromParams } from '../report';
import { IdeaForm } from './IdeaForm';
import { RecentReports } from './RecentReports';
import { ReportView } from './ReportView';
import './ideas.css';

/**
 * /mott-idea and /content-hotspot: 热点营销策划. The subject comes from the
 * address (`?hotspotId=`, a calendar day's `?topic=&topicDesc=&source=CALENDAR`,
 * or none: the merchant's own topic); `?reportId=` is the report on screen,
 * so a reload keeps it.
 */
export function IdeaReportPage({ mobile = false }: { mobile?: boolean }) {
  const { t } = useI18n();
  const [params, setParams] = useSearchParams();
  const paramKey = ['hotspotId', 'topic', 'topicDesc', 'source'].map((k) => params.get(k) ?? '').join('\u0001');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the subject changes only with its own parameters
  const subject = useMemo(() => subjectFromParams(params), [paramKey]);
  const reportId = params.get('reportId');
  const defaults = useIdeaDefaults(subject.source);
  const report = useIdeaReport(reportId);
  const main = useRef<HTMLDivElement>(null);

  const show = (r: IdeaReport) => {
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.set('reportId', r.id);
      return next;
    });
    // One column: the new report is under the form, out of sight.
    if (mobile) requestAnimationFrame(() => main.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' }));
  };
  const dropHotspot = () =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.delete('hotspotId');
      return next;
    });

  return (
    <div className={mobile ? 'page idea-page mobile' : 'page idea-page'} data-testid="idea-page">
      <header className="page-header">
        <h1>{t('idea.title')}</h1>
        <p className="muted">{t('idea.subtitle')}</p>
      </header>
      <div className="idea-layout">
        <div className="idea-side">
          {defaults.isPending ? (
            <p className="panel muted" data-testid="idea-form-loading">
              {t('app.loading')}
            </p>
          ) : (
            <IdeaForm
              key={paramKey}
              subject={subject}
              defaults={defaults.data ?? FALLBACK_DEFAULTS}
              defaultsFailed={defaults.isError}
              mobile={mobile}
              onCreated={show}
              onDropHotspot={dropHotspot}
            />
          )}
        </div>
        <div className="idea-main" ref={main}>
          {!reportId ? (
            <p className="panel muted idea-report-empty" data-testid="idea-report-empty">
              {t('idea.report.empty')}
            </p>
          ) : report.data ? (
            <ReportView key={report.data.id} report={report.data} mobile={mobile} onCreated={show} />
          ) : report.isError ? (
            <div className="panel" role="alert" data-testid="idea-report-error">
              <p>{t('idea.report.loadFailed')}</p>
              <button type="button" className="button" onClick={() => void report.refetch()}>
                {t('idea.report.retryLoad')}
              </button>
            </div>
          ) : (
            <p className="panel muted" data-testid="idea-report-loading">
              {t('idea.report.loading')}
            </p>
          )}
          <RecentReports selectedId={reportId} />
        </div>
      </div>
    </div>
  );
}
