import { useState } from 'react';
import { isApiError } from '../../../lib/api/client';
import { downloadFile } from '../../../lib/download';
import { useI18n } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { DOWNLOAD_POLL_MS, downloadStatus, requestDownload, type DownloadQuality } from '../api/editorApi';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Standard and 2K downloads of a task's first image result. 2K on the free
 * and basic plans answers the server's benefits-centre prompt (a toast);
 * a 2K file is prepared by a worker, so the button polls until it is ready.
 */
export function DownloadButtons({ taskId, fileStem }: { taskId: string; fileStem: string }) {
  const { t } = useI18n();
  const [busy, setBusy] = useState<DownloadQuality | null>(null);

  async function run(quality: DownloadQuality) {
    if (busy) {
      toast.warning(t('download.busy'));
      return;
    }
    setBusy(quality);
    try {
      let info = await requestDownload(taskId, quality);
      while (info.state === 'PREPARING') {
        await sleep(DOWNLOAD_POLL_MS);
        info = await downloadStatus(taskId, quality);
      }
      if (info.state === 'READY' && info.url) {
        await downloadFile(`${quality}:${taskId}`, info.url, `${fileStem}-${quality}.png`);
      } else {
        toast.error(t('download.failed'));
      }
    } catch (e) {
      if (!isApiError(e)) toast.error(t('download.failed'));
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      <button type="button" className="button" data-testid="download-standard" onClick={() => void run('standard')}>
        {busy === 'standard' ? t('download.inProgress') : t('download.standard')}
      </button>
      <button type="button" className="button" data-testid="download-2k" onClick={() => void run('2k')}>
        {busy === '2k' ? t('download.preparing') : t('download.2k')}
      </button>
    </>
  );
}
