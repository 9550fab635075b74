import { useState } from 'react';
import { isTerminal } from '../../../lib/api/tasks';
import { useDownloads } from '../../../lib/download';
import { useI18n } from '../../../lib/i18n';
import { downloadZip } from '../../../lib/zip';
import { useBatchTasks } from '../api/batchTasks';
import { batchFiles, batchZipName } from '../constants';

/** The batch's progress and "download all" as one ZIP (what is finished so far). */
export function BatchDownloadAll({ batchId, taskIds }: { batchId: string; taskIds: readonly string[] }) {
  const { t } = useI18n();
  const tasks = useBatchTasks(taskIds);
  const { isDownloading } = useDownloads();
  const [packed, setPacked] = useState<{ done: number; total: number } | null>(null);
  const files = batchFiles(tasks);
  const done = tasks.filter((task) => isTerminal(task.status)).length;
  const itemId = `batch-zip:${batchId}`;
  const busy = isDownloading(itemId);

  const download = async () => {
    setPacked({ done: 0, total: files.length });
    await downloadZip(itemId, files, batchZipName(batchId), (d, total) => setPacked({ done: d, total }));
    setPacked(null);
  };

  return (
    <div className="batch-summary" data-testid="batch-summary">
      <span className="muted" data-testid="batch-progress">
        {t('batchCopyBg.progress', { done, total: taskIds.length })}
      </span>
      <button type="button" className="button primary" data-testid="batch-download-all" disabled={files.length === 0 || busy} onClick={() => void download()}>
        {busy && packed ? t('batchCopyBg.zipping', { done: packed.done, total: packed.total }) : t('batchCopyBg.downloadAll', { n: files.length })}
      </button>
    </div>
  );
}
