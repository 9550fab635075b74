import { useState } from 'react';
import { useI18n, type MessageKey } from '../../../lib/i18n';
import type { ResultRating } from '../../../lib/textCopy';
import { toast } from '../../../lib/toast';
import { useRateResult } from '../api';
import { DISLIKE_REASONS, SCRIPT_DISLIKE_REASONS, type DislikeReason } from '../constants';

interface RatingActionsProps {
  taskId: string;
  index: number;
  rating: ResultRating | null;
  /** A video script may also be off topic. */
  script: boolean;
}

/**
 * Like / dislike of one answer. A second press takes the rating back; a
 * dislike asks what was wrong first (any of the reasons, or none).
 */
export function RatingActions({ taskId, index, rating, script }: RatingActionsProps) {
  const { t } = useI18n();
  const rate = useRateResult(taskId, index);
  const [asking, setAsking] = useState(false);
  const [reasons, setReasons] = useState<DislikeReason[]>([]);
  const current = rating?.rating ?? null;
  const offered: readonly DislikeReason[] = script ? SCRIPT_DISLIKE_REASONS : DISLIKE_REASONS;

  const like = () => {
    const next = current === 'like' ? null : 'like';
    setAsking(false);
    rate.mutate({ rating: next, reasons: [] }, { onSuccess: () => toast.success(t(next ? 'rating.liked' : 'rating.unliked')) });
  };
  const dislike = () => {
    if (current === 'dislike') {
      rate.mutate({ rating: null, reasons: [] }, { onSuccess: () => toast.success(t('rating.undisliked')) });
      return;
    }
    setReasons([]);
    setAsking((a) => !a);
  };
  const submit = () =>
    rate.mutate(
      { rating: 'dislike', reasons },
      {
        onSuccess: () => {
          setAsking(false);
          toast.success(t('rating.disliked'));
        },
      },
    );
  const toggle = (r: DislikeReason) => setReasons((list) => (list.includes(r) ? list.filter((x) => x !== r) : [...list, r]));

  return (
    <div className="rating">
      <div className="rating-buttons">
        <button
          type="button"
          className={current === 'like' ? 'button rating-button active' : 'button rating-button'}
          aria-pressed={current === 'like'}
          data-testid="rate-like"
          disabled={rate.isPending}
          onClick={like}
        >
          <ThumbIcon /> {t('rating.like')}
        </button>
        <button
          type="button"
          className={current === 'dislike' ? 'button rating-button active' : 'button rating-button'}
          aria-pressed={current === 'dislike'}
          aria-expanded={asking}
          data-testid="rate-dislike"
          disabled={rate.isPending}
          onClick={dislike}
        >
          <ThumbIcon down /> {t('rating.dislike')}
        </button>
      </div>
      {asking && (
        <fieldset className="rating-reasons" data-testid="dislike-reasons">
          <legend>{t('rating.reasons')}</legend>
          <div className="rating-reason-list">
            {offered.map((r) => (
              <label key={r} className={reasons.includes(r) ? 'chip active' : 'chip'}>
                <input type="checkbox" checked={reasons.includes(r)} onChange={() => toggle(r)} data-testid={`dislike-reason-${r}`} />
                {t(`rating.reason.${r}` as MessageKey)}
              </label>
            ))}
          </div>
          <div className="rating-reason-actions">
            <button type="button" className="button small ghost" onClick={() => setAsking(false)}>
              {t('rating.cancel')}
            </button>
            <button type="button" className="button small primary" data-testid="dislike-submit" disabled={rate.isPending} onClick={submit}>
              {t('rating.submit')}
            </button>
          </div>
        </fieldset>
      )}
    </div>
  );
}

function ThumbIcon({ down = false }: { down?: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false" style={down ? { transform: 'rotate(180deg)' } : undefined}>
      <path
        d="M7 10v11H3V10h4zm2 11h8.5a2 2 0 0 0 2-1.6l1.3-7A2 2 0 0 0 18.8 10H14l.7-4.2A2 2 0 0 0 12.7 3L9 10v11z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}
