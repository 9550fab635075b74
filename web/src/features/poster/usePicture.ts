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
