/**
 * "Download all": many protected files fetched one after another and saved
 * as one ZIP. Images are already compressed, so entries are stored as they
 * are (level 0): packing is instant and the ZIP is no bigger than needed.
 */
import type { Zippable } from 'fflate';
import { requestBlob } from './api/client';
import { saveBlob, trackDownload } from './download';

export interface ZipEntry {
  name: string;
  data: Uint8Array;
}

/**
 * A ZIP of the entries; a repeated name gets " (2)", " (3)"… before its
 * extension. fflate is loaded on first use: only "download all" needs it.
 */
export async function zipEntries(entries: readonly ZipEntry[]): Promise<Uint8Array> {
  const { zipSync } = await import('fflate');
  const files: Zippable = {};
  for (const e of entries) files[uniqueName(e.name, files)] = [e.data, { level: 0 }];
  return zipSync(files);
}

function uniqueName(name: string, taken: Zippable): string {
  if (!(name in taken)) return name;
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let n = 2; ; n++) {
    const candidate = `${stem} (${n})${ext}`;
    if (!(candidate in taken)) return candidate;
  }
}

export interface RemoteFile {
  /** A protected `/api/files/…` URL. */
  url: string;
  name: string;
}

/**
 * Fetches every file (one at a time, so a big batch does not flood the API)
 * and saves them as `zipName`, tracked as the download `itemId`.
 * `onProgress(done, total)` follows the fetching.
 */
export function downloadZip(
  itemId: string,
  files: readonly RemoteFile[],
  zipName: string,
  onProgress?: (done: number, total: number) => void,
): Promise<boolean> {
  return trackDownload(itemId, async () => {
    const entries: ZipEntry[] = [];
    for (const f of files) {
      const blob = await requestBlob(f.url);
      entries.push({ name: f.name, data: new Uint8Array(await blob.arrayBuffer()) });
      onProgress?.(entries.length, files.length);
    }
    const zip = await zipEntries(entries);
    saveBlob(new Blob([zip as BlobPart], { type: 'application/zip' }), zipName);
  });
}
