/**
 * Downloads of protected files: fetched through the API client into a Blob,
 * then saved with `<a download>`. Download state is tracked per item, and a
 * download in progress blocks a second one ("try again later").
 */
import { useSyncExternalStore } from 'react';
import { isApiError, requestBlob } from './api/client';
import { t } from './i18n';
import { toast } from './toast';

let inProgress: ReadonlySet<string> = new Set();
const listeners = new Set<() => void>();

function setInProgress(next: ReadonlySet<string>) {
  inProgress = next;
  listeners.forEach((l) => l());
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
}

/** Saves a Blob under a file name through a temporary `<a download>`. */
export function saveBlob(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = filename;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 30_000);
}

/**
 * Runs `work` as the download `itemId`: refused (false, "try again later")
 * while another download runs; failures are toasted.
 */
export async function trackDownload(itemId: string, work: () => Promise<void>): Promise<boolean> {
  if (inProgress.size > 0) {
    toast.warning(t('download.busy'));
    return false;
  }
  setInProgress(new Set([...inProgress, itemId]));
  try {
    await work();
    return true;
  } catch (e) {
    // ApiErrors were already shown by the client.
    if (!isApiError(e)) toast.error(t('download.failed'));
    return false;
  } finally {
    const next = new Set(inProgress);
    next.delete(itemId);
    setInProgress(next);
  }
}

/**
 * Downloads `url` as `filename`, tracked under `itemId`. Returns false when
 * refused because another download is still running.
 */
export function downloadFile(itemId: string, url: string, filename: string): Promise<boolean> {
  return trackDownload(itemId, async () => saveBlob(await requestBlob(url), filename));
}

export function isDownloading(itemId: string): boolean {
  return inProgress.has(itemId);
}

/** Re-renders when any download starts or ends. */
export function useDownloads() {
  const set = useSyncExternalStore(subscribe, () => inProgress, () => inProgress);
  return {
    isDownloading: (itemId: string) => set.has(itemId),
    anyDownloading: set.size > 0,
    download: downloadFile,
  };
}
