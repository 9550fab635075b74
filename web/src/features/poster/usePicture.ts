import { useEffect, useState } from 'react';
import type { PosterPicture } from './render';

/** A local picture (an object URL) decoded for the canvas; undefined until loaded. */
export function usePicture(url: string | null | undefined): PosterPicture | undefined {
  const [pic, setPic] = useState<{ url: string; pic: PosterPicture } | null>(null);
  useEffect(() => {
    if (!url) return;
    let live = true;
    const img = new Image();
    img.onload = () => {
      if (live) setPic({ url, pic: { source: img, width: img.naturalWidth, height: img.naturalHeight } });
    };
    img.src = url;
    return () => {
      live = false;
    };
  }, [url]);
  return url && pic?.url === url ? pic.pic : undefined;
}

/** A counter that moves when web fonts finish loading (the preview is drawn again with them). */
export function useFontsVersion(): number {
  const [v, setV] = useState(0);
  useEffect(() => {
    const fonts = typeof document !== 'undefined' ? document.fonts : undefined;
    if (!fonts) return;
    const bump = () => setV((n) => n + 1);
    void fonts.ready.then(bump);
    fonts.addEventListener?.('loadingdone', bump);
    return () => fonts.removeEventListener?.('loadingdone', bump);
  }, []);
  return v;
}

/** Several local pictures by key (slot id), each decoded once; the ones not loaded yet are left out. */
export function usePictures(urls: Record<string, string>): Record<string, PosterPicture> {
  const [loaded, setLoaded] = useState<Record<string, { url: string; pic: PosterPicture }>>({});
  const key = JSON.stringify(urls);
  useEffect(() => {
    let live = true;
    for (const [id, url] of Object.entries(JSON.parse(key) as Record<string, string>)) {
      const img = new Image();
      img.onload = () => {
        if (live) setLoaded((m) => ({ ...m, [id]: { url, pic: { source: img, width: img.naturalWidth, height: img.naturalHeight } } }));
      };
      img.src = url;
    }
    return () => {
      live = false;
    };
  }, [key]);
  const out: Record<string, PosterPicture> = {};
  for (const [id, url] of Object.entries(urls)) {
    const l = loaded[id];
    if (l && l.url === url) out[id] = l.pic;
  }
  return out;
}
