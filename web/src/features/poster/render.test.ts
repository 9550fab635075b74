import { describe, expect, it } from 'vitest';
import { renderPoster, type PosterPicture } from './render';
import { SCENE_PICTURE, scenePreviewUrl, type PosterTemplate } from './template';

/** A 2D context that records what is drawn (jsdom has no canvas). */
function recorder() {
  const calls: string[] = [];
  const handler: ProxyHandler<object> = {
    get: (_t, prop) => {
      if (prop === 'canvas') return { width: 100, height: 100 };
      return (...args: unknown[]) => {
        calls.push(`${String(prop)}:${args.length}`);
        return { addColorStop: () => undefined };
      };
    },
    set: () => true,
  };
  return { ctx: new Proxy({}, handler) as CanvasRenderingContext2D, calls };
}

const scene: PosterTemplate = {
  version: 1,
  id: 'hero-marble-counter',
  name: { zh: '场景', en: 'Scene' },
  category: 'productHero',
  canvas: { width: 1080, height: 1440, aspect: '3:4' },
  background: { type: 'scene', id: 'marble-counter', variant: 0 },
  layers: [],
};

describe('a scene background', () => {
  it('is previewed from the product-image library’s stored preview', () => {
    expect(scenePreviewUrl(scene.background)).toBe('/api/backgrounds/marble-counter/preview');
    expect(scenePreviewUrl({ type: 'solid', color: '#ffffff' })).toBeNull();
  });

  it('draws the preview picture when it is loaded, a flat grey until then', () => {
    const picture: PosterPicture = { source: {} as CanvasImageSource, width: 640, height: 853 };
    const drawn = recorder();
    renderPoster(drawn.ctx, scene, { scale: 0.25, images: { [SCENE_PICTURE]: picture } });
    expect(drawn.calls.some((c) => c.startsWith('drawImage'))).toBe(true);
    const waiting = recorder();
    renderPoster(waiting.ctx, scene, { scale: 0.25 });
    expect(waiting.calls.some((c) => c.startsWith('drawImage'))).toBe(false);
    expect(waiting.calls.some((c) => c.startsWith('fill'))).toBe(true);
  });
});
