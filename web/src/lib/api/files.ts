/**
 * `/api/files/<key>` needs the bearer header, so `<img src>` cannot load it:
 * files are fetched through the client into Blobs and shown via object URLs.
 */
import { useEffect, useState } from 'react';
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

/** Loads a protected file as an object URL; revokes it on change/unmount. */
export function useBlobUrl(url: string | null | undefined): BlobUrlState {
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
