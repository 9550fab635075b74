/**
 * The hotspot sources as a table: what each fetches, how often, and how its
 * last fetch went (an error in the API's words, in red), with a switch,
 * refresh now, edit and delete (after a confirm).
 */
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { formatDateTime } from '../../../lib/format';
import { useI18n, type Lang } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useDeleteHotspotSource, useRefreshHotspotSource, useToggleHotspotSource, type HotspotSource } from '../api/hotspotSources';
import { adminText, type AdminKey } from './text';

interface Props {
  sources: HotspotSource[];
  onEdit: (source: HotspotSource) => void;
}

export function HotspotSourceTable({ sources, onEdit }: Props) {
  const { lang } = useI18n();
  const tr = (k: AdminKey, vars?: Record<string, string | number>) => adminText(k, lang, vars);
  const toggle = useToggleHotspotSource();
  const refresh = useRefreshHotspotSource();
  const remove = useDeleteHotspotSource();
  const [deleting, setDeleting] = useState<HotspotSource | null>(null);

  if (sources.length === 0) return <p className="muted" data-testid="sources-empty">{tr('sources.empty')}</p>;

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast.success(tr('sources.deleted')),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <>
      <table className="admin-table" data-testid="sources-table">
        <thead>
          <tr>
            <th>{tr('sources.name')}</th>
            <th>{tr('sources.format')}</th>
            <th>{tr('sources.platform')}</th>
            <th>{tr('sources.kind')}</th>
            <th>{tr('sources.interval')}</th>
            <th>{tr('sources.enabled')}</th>
            <th>{tr('sources.lastFetch')}</th>
            <th>{tr('sources.state')}</th>
            <th>{tr('sources.nextFetch')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {sources.map((s) => (
            <tr key={s.id} data-testid="source-row" data-source={s.id}>
              <td title={s.url}>{s.name}</td>
              <td>{s.format.toUpperCase()}</td>
              <td>{tr(`platform.${s.platform}` as AdminKey)}</td>
              <td>{tr(`kind.${s.kind}` as AdminKey)}</td>
              <td>{tr('sources.minutes', { n: s.intervalMinutes })}</td>
              <td>
                <input
                  type="checkbox"
                  role="switch"
                  aria-label={tr('sources.enabled')}
                  data-testid="source-enabled"
                  checked={s.enabled}
                  disabled={toggle.isPending}
                  onChange={(e) => toggle.mutate({ id: s.id, enabled: e.target.checked })}
                />
              </td>
              <td>{timeOrDash(s.lastFetchAt, lang)}</td>
              <SourceStatus source={s} tr={tr} />
              {/* A source switched off is never due, whatever time it still holds. */}
              <td>{s.enabled ? timeOrDash(s.nextFetchAt, lang) : '—'}</td>
              <td>
                <div className="row-actions">
                  <button
                    type="button"
                    className="button small"
                    data-testid="source-refresh"
                    disabled={refresh.isPending}
                    onClick={() => refresh.mutate(s.id, { onSuccess: () => toast.success(tr('sources.refreshQueued')) })}
                  >
                    {tr('sources.refresh')}
                  </button>
                  <button type="button" className="button small" data-testid="source-edit" onClick={() => onEdit(s)}>
                    {tr('sources.edit')}
                  </button>
                  <button type="button" className="button small" data-testid="source-delete" onClick={() => setDeleting(s)}>
                    {tr('sources.delete')}
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ConfirmDialog
        open={!!deleting}
        title={tr('sources.deleteTitle')}
        message={tr('sources.deleteConfirm', { name: deleting?.name ?? '' })}
        confirmLabel={tr('sources.delete')}
        cancelLabel={tr('sources.cancel')}
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
        testId="source-delete-confirm"
      />
    </>
  );
}

function timeOrDash(ms: number | null | undefined, lang: Lang): string {
  return formatDateTime(ms, lang) || '—';
}

/** The last fetch's outcome: its error (the latest fetch failed), OK with the items it listed, or not fetched yet. */
function SourceStatus({ source, tr }: { source: HotspotSource; tr: (k: AdminKey, vars?: Record<string, string | number>) => string }) {
  if (source.lastError) {
    return (
      <td className="source-status error" data-testid="source-status" data-state="error">
        {source.lastError}
      </td>
    );
  }
  if (source.lastOkAt) {
    return (
      <td className="source-status ok" data-testid="source-status" data-state="ok">
        {tr('sources.ok', { n: source.lastItemCount })}
      </td>
    );
  }
  return (
    <td className="source-status muted" data-testid="source-status" data-state="pending">
      {tr('sources.neverFetched')}
    </td>
  );
}
