import { useEffect, useRef } from 'react';
import { renderPoster, type PosterPicture } from '../render';
import { SCENE_PICTURE, scenePreviewUrl, type PosterTemplate } from '../template';
import { useFontsVersion, usePicture } from '../usePicture';

/**
 * A template drawn small by the browser renderer, `width` CSS px wide; with
 * `fill` it is drawn at that resolution and fills its box (contained).
 */
export function PosterThumb({ template, width, images, fill = false }: { template: PosterTemplate; width: number; images?: Record<string, PosterPicture | undefined>; fill?: boolean }) {
  const ref = useRef<HTMLCanvasElement>(null);
  const fonts = useFontsVersion();
  const { width: W, height: H } = template.canvas;
  const height = Math.round((width * H) / W);
  const scene = usePicture(scenePreviewUrl(template.background));
  useEffect(() => {
    const c = ref.current;
    const ctx = c?.getContext('2d');
    if (!c || !ctx) return;
    const dpr = Math.min(2, window.devicePixelRatio || 1);
    c.width = Math.round(width * dpr);
    c.height = Math.round(height * dpr);
    renderPoster(ctx, template, { scale: (width * dpr) / W, images: scene ? { ...images, [SCENE_PICTURE]: scene } : images });
  }, [template, width, height, W, images, fonts, scene]);
  return <canvas ref={ref} className={fill ? 'poster-thumb fill' : 'poster-thumb'} style={fill ? undefined : { width, height }} aria-hidden="true" />;
}
