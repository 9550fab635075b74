import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { isApiError } from '../../../lib/api/client';
import { useTaskStream } from '../../../lib/api/taskEvents';
import { formatDateTime } from '../../../lib/format';
import { useI18n, type MessageKey } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useCancelIdeaReport, useCreateIdeaReport, type IdeaReport, type ReportStage } from '../api/ideas';
import { retryBody, sectionContent, stageState, type StageState } from '../report';
import { ExportDocxButton } from './ExportDocxButton';
import { IdeaPictures } from './IdeaPictures';

const stageKey = (s: ReportStage) => `idea.stage.${s}` as MessageKey;

/** "用它写内容": the content page with a picture idea (its index in `socialMediaMkts`) as the subject. */
const contentLink = (reportId: string, ideaIndex: number) => `/mott-content?${new URLSearchParams({ reportId, ideaIndex: String(ideaIndex) }).toString()}`;

interface Props {
  report: IdeaReport;
  mobile?: boolean;
  /** A new report was started ("重新生成"). */
  onCreated: (report: IdeaReport) => void;
}

/** A report: its stages as a stepper, each section once delivered, and what can be done with it. */
export function ReportView({ report, mobile = false, onCreated }: Props) {
  const { t, lang } = useI18n();
  const [asking, setAsking] = useState(false);
  const cancel = useCancelIdeaReport();
  const retry = useCreateIdeaReport();
  const variant = mobile ? 'mobile' : 'desktop';

  const doCancel = () =>
    cancel.mutate(report.id, {
      onSettled: () => setAsking(false),
    });
  const doRetry = () =>
    retry.mutate(retryBody(report, lang), {
      onSuccess: onCreated,
      // Silent request: its refusal (no coins, no model…) is said here.
      onError: (e) => toast.error(isApiError(e) ? e.msg : t('error.server')),
    });

  return (
    <article className="panel idea-report" data-testid="idea-report" data-process={report.process} data-report-id={report.id}>
      <header className="idea-report-head">
        <div>
          <h2 className="idea-report-title" data-testid="idea-report-title">
            {report.reportTitle}
          </h2>
          <p className="muted small">{t('idea.createdAt', { time: formatDateTime(report.createdAt, lang) })}</p>
        </div>
        <span className={`idea-process process-${report.process}`} data-testid="idea-report-status">
          {t(`idea.process.${report.process}` as MessageKey)}
        </span>
      </header>

      <ol className="idea-stepper" data-testid="idea-stepper">
        {report.stages.map((s, i) => {
          const state = stageState(report, s);
          return (
            <li key={s} className={`idea-step state-${state}`} data-testid={`idea-step-${s}`} data-state={state}>
              <span className="idea-step-dot" aria-hidden="true">
                {state === 'done' ? '✓' : state === 'failed' ? '!' : i + 1}
              </span>
              <span className="idea-step-name">{t(stageKey(s))}</span>
              <span className="idea-step-state muted small">{t(`idea.state.${state}` as MessageKey)}</span>
            </li>
          );
        })}
      </ol>

      <div className="idea-report-actions">
        {report.process === 'generating' && (
          <button type="button" className="button ghost danger" data-testid="idea-cancel" disabled={cancel.isPending} onClick={() => setAsking(true)}>
            {t('idea.cancel')}
          </button>
        )}
        {report.process === 'completed' && <ExportDocxButton reportId={report.id} mobile={mobile} />}
      </div>

      {report.process === 'failed' && (
        <div className="idea-ended failed" role="alert" data-testid="idea-failed">
          <p>{report.errorStage ? t('idea.failed', { stage: t(stageKey(report.errorStage)) }) : t('idea.failed.generic')}</p>
          <button type="button" className="button primary" data-testid="idea-retry" disabled={retry.isPending} onClick={doRetry}>
            {t('idea.retry')}
          </button>
        </div>
      )}
      {report.process === 'cancelled' && (
        <div className="idea-ended cancelled" data-testid="idea-cancelled">
          <p>{t('idea.cancelled')}</p>
          <button type="button" className="button" data-testid="idea-retry" disabled={retry.isPending} onClick={doRetry}>
            {t('idea.retry')}
          </button>
        </div>
      )}

      <div className="idea-sections">
        {report.stages.map((s) => (
          <StageSection key={s} report={report} stage={s} state={stageState(report, s)} />
        ))}
      </div>

      <ConfirmDialog
        open={asking}
        title={t('idea.cancel.title')}
        message={t('idea.cancel.message')}
        confirmLabel={t('idea.cancel.confirm')}
        cancelLabel={t('idea.cancel.keep')}
        pending={cancel.isPending}
        onConfirm={doCancel}
        onCancel={() => setAsking(false)}
        testId="idea-cancel-confirm"
        variant={variant}
      />
    </article>
  );
}

/** One stage: its content once delivered; while it is written, a spinner and the text so far. */
function StageSection({ report, stage, state }: { report: IdeaReport; stage: ReportStage; state: StageState }) {
  const { t } = useI18n();
  if (state !== 'done' && state !== 'running') return null;
  return (
    <section className={`idea-section state-${state}`} data-testid={`idea-section-${stage}`} data-state={state}>
      <h3>{t(stageKey(stage))}</h3>
      {state === 'running' ? <RunningStage taskId={report.currentTaskId ?? null} /> : <SectionBody report={report} stage={stage} />}
    </section>
  );
}

function SectionBody({ report, stage }: { report: IdeaReport; stage: ReportStage }) {
  const { t } = useI18n();
  const c = sectionContent(report, stage);
  if (c.kind === 'text') {
    return c.text ? (
      <p className="idea-summary" data-testid="idea-summary">
        {c.text}
      </p>
    ) : (
      <p className="muted">{t('idea.section.empty')}</p>
    );
  }
  if (c.items.length === 0) return <p className="muted">{t('idea.section.empty')}</p>;
  if (c.kind === 'ideas') {
    return (
      <ol className="idea-cards">
        {c.items.map((item, i) => (
          <li key={i} className="idea-card" data-testid="idea-card">
            <h4 data-testid="idea-card-title">{item.title}</h4>
            <p data-testid="idea-card-content">{item.content}</p>
            {stage === 'advice_online' && <IdeaPictures pictures={report.pictures.filter((p) => p.idea === i)} />}
            {stage === 'advice_online' && (
              <Link className="idea-card-write" to={contentLink(report.id, i)} data-testid="idea-card-write">
                {t('content.link.idea')}
              </Link>
            )}
          </li>
        ))}
      </ol>
    );
  }
  return (
    <ul className="idea-points">
      {c.items.map((p, i) => (
        <li key={i} data-testid="idea-point">
          {p}
        </li>
      ))}
    </ul>
  );
}

/** The running stage: a spinner and, while its task streams, the text being written (as is, not parsed). */
function RunningStage({ taskId }: { taskId: string | null }) {
  const { t } = useI18n();
  const stream = useTaskStream(taskId);
  const text = stream.texts[0]?.text ?? '';
  return (
    <div className="idea-running" data-testid="idea-running" aria-live="polite">
      <p className="idea-running-head">
        <span className="idea-spinner" aria-hidden="true" />
        {t('idea.writing')}
      </p>
      {text && (
        <pre className="idea-live-text" data-testid="idea-live-text">
          {text}
        </pre>
      )}
    </div>
  );
}
