import type { ReactNode } from 'react';
import { useI18n } from '../../../lib/i18n';
import { useHotspotTitle, useIdeaReportIdeas } from '../api/content';
import { charCount, TOPIC_MAX, type Subject } from '../content';

interface Props {
  subject: Subject;
  topic: string;
  onTopic: (topic: string) => void;
  onDropSubject: () => void;
  problem: ReactNode;
}

/** The content's subject: a hotspot or an idea (by title, read from the server), or a topic to type (a calendar day's comes filled in). */
export function SubjectField({ subject, topic, onTopic, onDropSubject, problem }: Props) {
  const { t } = useI18n();
  if (subject.kind === 'hotspot' || subject.kind === 'idea') return <ChosenSubject subject={subject} onDropSubject={onDropSubject} />;
  return (
    <label className="field">
      <span className="field-head">
        <span>
          {t('content.topic')} *{' '}
          {subject.kind === 'calendar' && (
            <span className="content-subject-kind" data-testid="content-subject-calendar">
              {t('content.subject.calendar')}
              {subject.date ? ` ${subject.date}` : ''}
            </span>
          )}
        </span>
        <span className="muted small content-count">{t('content.count', { n: charCount(topic.trim()), max: TOPIC_MAX })}</span>
      </span>
      <input
        type="text"
        value={topic}
        placeholder={t('content.topic.placeholder')}
        aria-invalid={!!problem}
        aria-required="true"
        data-testid="content-topic"
        onChange={(e) => onTopic(e.target.value)}
      />
      {problem}
    </label>
  );
}

type Chosen = Extract<Subject, { kind: 'hotspot' | 'idea' }>;

function ChosenSubject({ subject, onDropSubject }: { subject: Chosen; onDropSubject: () => void }) {
  const { t } = useI18n();
  const hotspot = useHotspotTitle(subject.kind === 'hotspot' ? subject.hotspotId : null);
  const report = useIdeaReportIdeas(subject.kind === 'idea' ? subject.reportId : null);
  const query = subject.kind === 'hotspot' ? hotspot : report;
  const title = subject.kind === 'hotspot' ? hotspot.data?.title : report.data?.reportContent?.socialMediaMkts?.[subject.ideaIndex]?.title;
  return (
    <div className="field content-subject" data-testid="content-subject">
      <span className="field-head">{t('content.subject')}</span>
      <div className="content-subject-box">
        <span className="content-subject-kind">{t(subject.kind === 'hotspot' ? 'content.subject.hotspot' : 'content.subject.idea')}</span>
        {title ? (
          <strong data-testid="content-subject-title">{title}</strong>
        ) : query.isError || query.data ? (
          <span className="form-error" role="alert" data-testid="content-subject-error">
            {t(query.data ? 'content.subject.ideaMissing' : 'content.subject.loadFailed')}
          </span>
        ) : (
          <span className="muted">{t('content.subject.loading')}</span>
        )}
      </div>
      <button type="button" className="button small ghost content-subject-change" data-testid="content-subject-change" onClick={onDropSubject}>
        {t('content.subject.change')}
      </button>
    </div>
  );
}
