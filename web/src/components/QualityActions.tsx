import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api/client';
import {
  DOWNLOAD_QUALITIES,
  fileExtension,
  NEEDS_MEMBERSHIP_ERROR,
  prepareDownload,
  type DownloadQuality,
} from '../lib/api/downloads';
import { saveImage, savedImageKeys } from '../lib/api/savedImages';
import { downloadFile } from '../lib/download';
import { useI18n, type MessageKey } from '../lib/i18n';
import { toast } from '../lib/toast';
import './QualityActions.css';

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
/** Where the 2K membership prompt sends the user. */
const BENEFITS_PATH = '/member';

interface QualityActionsProps {
  taskId: string;
  /** Which of the task's image results. */
  index?: number;
  /** A download is saved as `<fileStem>-<quality>.<ext>`. */
  fileStem: string;
}

/**
 * The original app's downloadImage / download2K / saveImage / save2K for one image
 * result. Each first has the file made ready (a 2K file is prepared by a
 * worker, so it polls, shows the worker's progress and can be cancelled); a
 * save then pins it into the creation space. 2K on a tier without it shows
 * the server's prompt with a link to the benefits centre. One action at a
 * time per result.
 */
export function QualityActions({ taskId, index = 0, fileStem }: QualityActionsProps) {
  const { t } = useI18n();
  const qc = useQueryClient();
  const [busy, setBusy] = useState<{ action: Action; quality: DownloadQuality } | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [saved, setSaved] = useState<ReadonlySet<DownloadQuality>>(() => new Set());
  const abort = useRef<AbortController | null>(null);

  async function run(action: Action, quality: DownloadQuality) {
    if (busy) {
      toast.warning(t('download.busy'));
      return;
    }
    setBusy({ action, quality });
    const controller = new AbortController();
    abort.current = controller;
    try {
      let info;
      try {
        info = await prepareDownload(taskId, index, quality, { onProgress: setProgress, signal: controller.signal, silent: true });
      } catch (e) {
        showPrepareError(e, action);
        return;
      }
      if (controller.signal.aborted && info.state !== 'READY') {
        toast.info(t('download.cancelled'));
      } else if (info.state !== 'READY' || !info.url) {
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
      // ApiErrors of the save were shown by the client.
      if (!isApiError(e)) toast.error(t(FAILED[action]));
    } finally {
      abort.current = null;
      setProgress(null);
      setBusy(null);
    }
  }

  /** Preparing is silent so that the membership prompt can carry its link. */
  function showPrepareError(e: unknown, action: Action) {
    if (isApiError(e) && e.error === NEEDS_MEMBERSHIP_ERROR) {
      toast.errorWithLink(e.msg, { to: BENEFITS_PATH, label: t('download.toBenefits') });
    } else {
      toast.error(isApiError(e) ? e.msg : t(FAILED[action]));
    }
  }

  const label = (action: Action, quality: DownloadQuality): string => {
    if (busy?.action === action && busy.quality === quality) {
      if (quality === '2k' && progress !== null && progress > 0) {
        return t('download.preparingPercent', { percent: Math.round(progress * 100) });
      }
      return t(BUSY_LABEL[action][quality]);
    }
    return t(action === 'save' && saved.has(quality) ? 'save.done' : LABEL[action][quality]);
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
            {label(action, quality)}
          </button>
        )),
      )}
      {busy?.quality === '2k' && (
        <span className="quality-progress" data-testid="2k-progress">
          <progress max={100} value={Math.round((progress ?? 0) * 100)} aria-label={t(BUSY_LABEL[busy.action]['2k'])} />
          <button type="button" className="button" data-testid="cancel-2k" onClick={() => abort.current?.abort()}>
            {t('download.cancel')}
          </button>
        </span>
      )}
    </>
  );
}
