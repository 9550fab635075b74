import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../lib/api/client';
import { uploadFile } from '../../lib/api/uploads';
import { t as translate, type MessageKey } from '../../lib/i18n';
import { validateImageFile, type ImageSize } from '../../lib/uploadRules';

export type BatchItemStatus = 'uploading' | 'done' | 'failed';

export interface BatchItem {
  id: string;
  name: string;
  /** Local object URL of the file, for the thumbnail. */
  preview: string;
  status: BatchItemStatus;
  /** The uploaded file's `/api/files/…` URL once done. */
  url: string | null;
  /** Why it failed: an i18n key (checked here) or the API's message. */
  error: { key: MessageKey } | { text: string } | null;
}

/**
 * The server lets one user send 3 uploads at once
 * (`limits.max_concurrent_uploads_per_user`): 2 leaves room for another tab.
 */
export const UPLOAD_CONCURRENCY = 2;

let nextId = 0;

/**
 * The products of a batch: many files checked (the upload rules) and
 * uploaded, a few at a time, each with its own status. Files beyond `max`
 * are not taken: `add` returns how many were left out.
 */
export function useBatchUploads(max: number, readSize?: (file: Blob) => Promise<ImageSize>) {
  const [items, setItems] = useState<BatchItem[]>([]);
  const previews = useRef(new Set<string>());

  useEffect(
    () => () => {
      previews.current.forEach((u) => URL.revokeObjectURL(u));
    },
    [],
  );

  const update = useCallback((id: string, patch: Partial<BatchItem>) => {
    setItems((list) => list.map((it) => (it.id === id ? { ...it, ...patch } : it)));
  }, []);

  const upload = useCallback(
    async (id: string, file: File) => {
      try {
        const broken = await validateImageFile(file, readSize);
        if (broken) {
          update(id, { status: 'failed', error: { key: broken } });
          return;
        }
        // One toast per file would bury the page: failures are shown on the item.
        const result = await uploadFile(file, file.name, { silent: true });
        const url = result.urls?.[0];
        if (!url) throw new Error('upload answered no URL');
        update(id, { status: 'done', url });
      } catch (e) {
        update(id, { status: 'failed', error: isApiError(e) ? { text: e.msg } : { key: 'error.server' } });
      }
    },
    [readSize, update],
  );

  const add = useCallback(
    (files: readonly File[]): number => {
      const kept = items.filter((it) => it.status !== 'failed').length;
      const room = Math.max(0, max - kept);
      const taken = files.slice(0, room);
      const added = taken.map((file) => {
        const preview = URL.createObjectURL(file);
        previews.current.add(preview);
        return { id: `batch-${++nextId}`, name: file.name, preview, status: 'uploading' as const, url: null, error: null };
      });
      setItems((list) => [...list, ...added]);
      // A small pool: each worker takes the next file when its upload ends.
      const queue = taken.map((file, i) => ({ file, id: added[i].id }));
      const worker = async () => {
        for (let job = queue.shift(); job; job = queue.shift()) await upload(job.id, job.file);
      };
      for (let i = 0; i < Math.min(UPLOAD_CONCURRENCY, queue.length); i++) void worker();
      return files.length - taken.length;
    },
    [items, max, upload],
  );

  const remove = useCallback((id: string) => {
    setItems((list) => {
      const gone = list.find((it) => it.id === id);
      if (gone) {
        URL.revokeObjectURL(gone.preview);
        previews.current.delete(gone.preview);
      }
      return list.filter((it) => it.id !== id);
    });
  }, []);

  return {
    items,
    add,
    remove,
    uploading: items.some((it) => it.status === 'uploading'),
    ready: items.filter((it) => it.status === 'done'),
  };
}

/** The text of an item's failure. */
export const batchItemError = (item: BatchItem, t: (k: MessageKey) => string = (k) => translate(k)) =>
  item.error ? ('key' in item.error ? t(item.error.key) : item.error.text) : '';
