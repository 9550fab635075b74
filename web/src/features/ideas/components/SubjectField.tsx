import type { ReactNode } from 'react';
import { useI18n } from '../../../lib/i18n';
import { useHotspotSubject } from '../api/ideas';
import { charCount, TEXT_MAX, TOPIC_MAX, type IdeaDraft, type Subject } from '../report';

interface Props {
  subject: Subject;
  draft: IdeaDraft;
  onChange: (patch: Partial<IdeaDraft>) => void;
  onDropHotspot: () => void;
  topicProblem: ReactNode;
  topicDescProblem: ReactNode;
}

/** The report's subject: the chosen hotspot (by title), or a topic to type (a calendar day's comes filled in). */
export function SubjectField({ subject, draft, onChange, onDropHotspot, topicProblem, topicDescProblem }: Props) {
  const { t } = useI18n();
  const hotspot = useHotspotSubject(subject.kind === 'hotspot' ? subject.hotspotId : null);

  if (subject.kind === 'hotspot') {
    return (
      <div className="field idea-subject" data-testid="idea-subject">
        <span className="field-head">{t('idea.subject')}</span>
        <div className="idea-subject-box">
          <span className="idea-subject-kind">{t('idea.subject.hotspot')}</span>
          {hotspot.data ? (
            <strong data-testid="idea-subject-hotspot">{hotspot.data.title}</strong>
          ) : hotspot.isError ? (
            <span className="form-error" role="alert" data-testid="idea-subject-error">
              {t('idea.subject.loadFailed')}
            </span>
          ) : (
            <span className="muted">{t('idea.subject.loading')}</span>
          )}
        </div>
        <button type="button" className="button small ghost idea-subject-change" data-testid="idea-subject-change" onClick={onDropHotspot}>
          {t('idea.subject.change')}
        </button>
      </div>
    );
  }

  return (
    <>
      <label className="field">
        <span className="field-head">
          <span>
            {t('idea.topic')} *{' '}
            {subject.kind === 'calendar' && subject.source === 'CALENDAR' && (
              <span className="idea-subject-kind" data-testid="idea-subject-calendar">
                {t('idea.subject.calendar')}
              </span>
            )}
          </span>
          <span className="muted small idea-count">{t('idea.count', { n: charCount(draft.reportTitle.trim()), max: TOPIC_MAX })}</span>
        </span>
        <input
          type="text"
          value={draft.reportTitle}
          placeholder={t('idea.topic.placeholder')}
          aria-invalid={!!topicProblem}
          aria-required="true"
          data-testid="idea-topic"
          onChange={(e) => onChange({ reportTitle: e.target.value })}
        />
        {topicProblem}
      </label>
      <label className="field">
        <span className="field-head">
          <span>{t('idea.topicDesc')}</span>
          <span className="muted small idea-count">{t('idea.count', { n: charCount(draft.topicDesc.trim()), max: TEXT_MAX })}</span>
        </span>
        <textarea rows={2} value={draft.topicDesc} aria-invalid={!!topicDescProblem} data-testid="idea-topic-desc" onChange={(e) => onChange({ topicDesc: e.target.value })} />
        {topicDescProblem}
      </label>
    </>
  );
}
