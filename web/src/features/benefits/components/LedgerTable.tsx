import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';
import type { Task } from '../../../lib/api/tasks';
import { bizTypeLabel } from '../../../lib/bizTypes';
import { formatDateTime } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n';
import type { LedgerEntry } from '../api/benefits';
import { ledgerKindKey } from '../rules';

/** The coin details: when, what for (the feature charged or refunded), which bucket, how much. */
export function LedgerTable({ entries, loaded }: { entries: readonly LedgerEntry[]; loaded: boolean }) {
  const { t, lang } = useI18n();
  if (loaded && entries.length === 0) {
    return (
      <p className="muted empty-note" data-testid="ledger-empty">
        {t('benefits.details.empty')}
      </p>
    );
  }
  return (
    <table className="table">
      <thead>
        <tr>
          <th>{t('benefits.details.time')}</th>
          <th>{t('benefits.details.kind')}</th>
          <th>{t('benefits.details.amount')}</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((e) => (
          <tr key={e.id} data-testid="ledger-row">
            <td data-label={t('benefits.details.time')}>{formatDateTime(e.createdAt, lang)}</td>
            <td data-label={t('benefits.details.kind')}>
              <LedgerFeature entry={e} />
              {t(ledgerKindKey(e.kind))} · {t(`benefits.bucket.${e.bucket}`)}
            </td>
            <td data-label={t('benefits.details.amount')}>{e.amount > 0 ? `+${e.amount}` : e.amount}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The feature a charge or refund was for: the entry's `bizType` when the
 * API sends it, else the type of its task (one small cached read per task;
 * a task past its retention is simply not named).
 */
function LedgerFeature({ entry }: { entry: LedgerEntry }) {
  const { t } = useI18n();
  const lookup = !entry.bizType && !!entry.taskId;
  const task = useQuery({
    queryKey: ['benefits', 'ledger-task', entry.taskId],
    queryFn: ({ signal }) => request<Task>(`/tasks/${encodeURIComponent(entry.taskId as string)}`, { signal, silent: true }),
    enabled: lookup,
    staleTime: Infinity,
    retry: false,
  });
  const bizType = entry.bizType ?? (lookup ? task.data?.bizType : null);
  if (!bizType) return null;
  return (
    <strong className="ledger-feature" data-testid="ledger-feature">
      {bizTypeLabel(bizType, t)}
    </strong>
  );
}
