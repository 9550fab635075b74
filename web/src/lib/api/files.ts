/**
 * `/api/files/<key>` needs the bearer header, so `<img src>` cannot load it:
 * files are fetched through the client into Blobs and shown via object URLs.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { requestBlob } from './client';

export interface BlobUrlState {
  /** Object URL, set once the file has loaded. */
  src: string | null;
  loading: boolean;
  error: boolean;
}

interface Loaded {
  /** The file URL this outcome belongs to. */
  for: string;
  src: string | null;
  error: boolean;
}

/*
 * Files edited in place (a saved mask and its cutout keep their keys) are
 * cached by the browser under their URL: a revision per URL, bumped after
 * an edit, makes every view that shows the file fetch it again.
 */
const revisions = new Map<string, number>();
const revisionListeners = new Set<() => void>();

/** Every view of these file URLs loads them afresh. */
export function bumpFileRevision(...urls: string[]): void {
  for (const u of urls) revisions.set(u, (revisions.get(u) ?? 0) + 1);
  revisionListeners.forEach((l) => l());
}

function subscribeRevisions(listener: () => void): () => void {
  revisionListeners.add(listener);
  return () => revisionListeners.delete(listener);
}

/** The URL to fetch: `url` itself, or with its revision once edited (a new cache entry). */
export function useFileUrl(url: string | null | undefined): string | null {
  const rev = useSyncExternalStore(subscribeRevisions, () => (url ? (revisions.get(url) ?? 0) : 0));
  if (!url) return null;
  return rev ? `${url}${url.includes('?') ? '&' : '?'}v=${rev}` : url;
}

/** Loads a protected file as an object URL; revokes it on change/unmount. */
export function useBlobUrl(fileUrl: string | null | undefined): BlobUrlState {
  const url = useFileUrl(fileUrl);
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    if (!url) return;
    const ctrl = new AbortController();
    let objectUrl: string | null = null;
    requestBlob(url, { signal: ctrl.signal, silent: true })
      .then((blob) => {
        if (ctrl.signal.aborted) return;
        objectUrl = URL.createObjectURL(blob);
        setLoaded({ for: url, src: objectUrl, error: false });
      })
      .catch(() => {
        if (!ctrl.signal.aborted) setLoaded({ for: url, src: null, error: true });
      });
    return () => {
      ctrl.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);

  if (!url) return { src: null, loading: false, error: false };
  // While a new URL loads, never show the previous file.
  if (!loaded || loaded.for !== url) return { src: null, loading: true, error: false };
  return { src: loaded.src, loading: false, error: loaded.error };
}
