import { useDownloads } from '../lib/download';
import { useI18n } from '../lib/i18n';

interface DownloadButtonProps {
  /** Tracks this download (a download in progress blocks a second one). */
  itemId: string;
  /** The protected file (`/api/files/…`). */
  url: string;
  fileName: string;
  label: string;
  testId?: string;
  primary?: boolean;
}

/** Downloads one file as it is, saying "downloading…" meanwhile. */
export function DownloadButton({ itemId, url, fileName, label, testId, primary = false }: DownloadButtonProps) {
  const { t } = useI18n();
  const { isDownloading, download } = useDownloads();
  return (
    <button type="button" className={primary ? 'button primary' : 'button'} data-testid={testId} onClick={() => void download(itemId, url, fileName)}>
      {isDownloading(itemId) ? t('download.inProgress') : label}
    </button>
  );
}
