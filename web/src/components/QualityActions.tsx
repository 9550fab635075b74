import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api/client';
import { DOWNLOAD_QUALITIES, fileExtension, prepareDownload, type DownloadQuality } from '../lib/api/downloads';
import { saveImage, savedImageKeys } from '../lib/api/savedImages';
import { downloadFile } from '../lib/download';
import { useI18n, type MessageKey } from '../lib/i18n';
import { toast } from '../lib/toast';

type Action = 'download' | 'save';

const LABEL: Record<Action, Record<DownloadQuality, MessageKey>> = {
  download: { standard: 'download.standard', '2k': 'download.2k' },
  save: { standard: 'save.standard', '2k': 'save.2k' },
};
const BUSY_LABEL: Record<Action, Record<DownloadQuality, MessageKey>> = {
  download: { standard: 'download.inProgress', '2k': 'download.preparing' },
  save: { standard: 'save.inProgress', '2k': 'save.inProgress' },
};
const FAILED: Record<Action, MessageKey> = { download: 'download.failed', save: 'save.failed' };

interface QualityActionsProps {
  taskId: string;
  /** Which of the task's image results. */
  index?: number;
  /** A download is saved as `<fileStem>-<quality>.<ext>`. */
  fileStem: string;
}

/**
 * The spec's downloadImage / download2K / saveImage / save2K for one image
 * result. Each first has the file made ready (a 2K file is prepared by a
 * worker, so it polls); a save then pins it into the creation space. 2K on
 * a tier without it answers the server's benefits-centre prompt (a toast).
 * One action at a time per result.
 */
export function QualityActions({ taskId, index = 0, fileStem }: QualityActionsProps) {
  const { t } = useI18n();
  const qc = useQueryClient();
  const [busy, setBusy] = useState<{ action: Action; quality: DownloadQuality } | null>(null);
  const [saved, setSaved] = useState<ReadonlySet<DownloadQuality>>(() => new Set());

  async function run(action: Action, quality: DownloadQuality) {
    if (busy) {
      toast.warning(t('download.busy'));
      return;
    }
    setBusy({ action, quality });
    try {
      const info = await prepareDownload(taskId, index, quality);
      if (info.state !== 'READY' || !info.url) {
        toast.error(t(FAILED[action]));
      } else if (action === 'download') {
        await downloadFile(`${quality}:${taskId}:${index}`, info.url, `${fileStem}-${quality}.${fileExtension(info.url)}`);
      } else {
        await saveImage({ taskId, index, quality });
        setSaved((s) => new Set(s).add(quality));
        toast.success(t('save.done'));
        void qc.invalidateQueries({ queryKey: savedImageKeys.all });
      }
    } catch (e) {
      // ApiErrors (the 2K membership prompt, "still preparing"…) were shown by the client.
      if (!isApiError(e)) toast.error(t(FAILED[action]));
    } finally {
      setBusy(null);
    }
  }

  const label = (action: Action, quality: DownloadQuality): MessageKey => {
    if (busy?.action === action && busy.quality === quality) return BUSY_LABEL[action][quality];
    return action === 'save' && saved.has(quality) ? 'save.done' : LABEL[action][quality];
  };

  return (
    <>
      {(['download', 'save'] as const).flatMap((action) =>
        DOWNLOAD_QUALITIES.map((quality) => (
          <button
            key={`${action}-${quality}`}
            type="button"
            className="button"
            data-testid={`${action}-${quality}`}
            onClick={() => void run(action, quality)}
          >
            {t(label(action, quality))}
          </button>
        )),
      )}
    </>
  );
}
