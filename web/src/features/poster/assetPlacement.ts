/**
 * Where a material from the library goes when a poster opens with it
 * (`?asset=` from its page's "use in a poster"): a logo into the template's
 * logo slot (or another picture slot, never the product's), an image into
 * the product photo, else the first picture slot.
 */
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { ASSET_LOGO, loadAssetPhoto, usePosterAsset, type PosterAsset, type PosterAssetKind } from '../../lib/api/posterAssets';
import { useSession } from '../../lib/session';
import { productSlots } from './constants';
import type { PosterTemplate } from './template';

/** Materials already placed as the product photo in this visit. */
const productPlaced = new Set<string>();

export type Placement = { target: 'product' } | { target: 'slot'; id: string } | null;

export function placementFor(template: PosterTemplate, kind: PosterAssetKind): Placement {
  const images = template.layers.filter((l) => l.type === 'image');
  const logo = images.find((l) => l.type === 'image' && l.role === 'logo');
  const other = images.find((l) => l.type === 'image' && l.role !== 'product' && l.role !== 'logo');
  const hasProduct = productSlots(template).length > 0;
  // A logo never takes the product photo's place (that photo is shared by every template).
  if (kind === ASSET_LOGO) {
    const slot = logo ?? other;
    return slot ? { target: 'slot', id: slot.id } : null;
  }
  if (hasProduct) return { target: 'product' };
  const slot = other ?? logo;
  return slot ? { target: 'slot', id: slot.id } : null;
}

/** Places the material named by `?asset=` once it has loaded (each id once per editor). */
export function useAssetFromUrl(template: PosterTemplate, place: (placement: Placement, photo: { url: string; preview: string }, asset: PosterAsset) => void) {
  const [params] = useSearchParams();
  const { user } = useSession();
  const id = params.get('asset');
  const asset = usePosterAsset(id, !!user);
  const placed = useRef<string | null>(null);
  const placeRef = useRef(place);
  useEffect(() => {
    placeRef.current = place;
  });
  useEffect(() => {
    const a = asset.data;
    if (!a || placed.current === a.id) return;
    placed.current = a.id;
    const placement = placementFor(template, a.contentType);
    if (!placement) return;
    // The product photo is every template's: placed once, so that trying templates keeps a photo chosen since.
    if (placement.target === 'product') {
      if (productPlaced.has(a.id)) return;
      productPlaced.add(a.id);
    }
    loadAssetPhoto(a).then(
      (photo) => placeRef.current(placement, photo, a),
      () => undefined,
    );
  }, [asset.data, template]);
}
