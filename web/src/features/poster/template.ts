/**
 * The poster template document (version 1, docs/POSTERS.md), as
 * `GET /api/poster-templates` serves it and `PLACARD_GEN` takes it. Written
 * here until the generated OpenAPI types describe it; the server validates
 * every document it is sent.
 */

export type Colour = string;

export interface GradientStop {
  offset: number;
  color: Colour;
}

export type Paint =
  | { type: 'solid'; color: Colour }
  | { type: 'linearGradient'; angle?: number; stops: GradientStop[] }
  | { type: 'radialGradient'; cx?: number; cy?: number; radius?: number; stops: GradientStop[] };

export type Background =
  | Paint
  | { type: 'image'; slot: string; fallback?: Paint | null }
  /** A scene of the product-image background library, drawn by the server at full size. */
  | { type: 'scene'; id: string; variant?: number };

/** The key a scene background's picture goes under in the renderer's `images`. */
export const SCENE_PICTURE = '@scene';

/** Where a scene background's preview is served (public), or null for other backgrounds. */
export function scenePreviewUrl(bg: Background): string | null {
  return bg.type === 'scene' ? `/api/backgrounds/${encodeURIComponent(bg.id)}/preview` : null;
}

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
  rotation?: number;
}

export interface Shadow {
  color: Colour;
  blur?: number;
  offsetX?: number;
  offsetY?: number;
}

export interface Stroke {
  color: Colour;
  width: number;
}

interface LayerCommon {
  id: string;
  box: Box;
  shadow?: Shadow | null;
  opacity?: number | null;
}

export type ImageRole = 'product' | 'logo' | 'decoration';
export type TextRole = 'title' | 'subtitle' | 'price' | 'sellingPoints' | 'callToAction' | 'free';

export interface ImageLayer extends LayerCommon {
  type: 'image';
  role: ImageRole;
  fit?: 'contain' | 'cover';
  anchor?: 'center' | 'top' | 'bottom';
  cornerRadius?: number | null;
  /** A product slot shows the photo as uploaded instead of the cut-out product. */
  keepBackground?: boolean;
}

export interface TextLayer extends LayerCommon {
  type: 'text';
  role: TextRole;
  text?: string;
  font?: { family?: 'sans' | 'serif'; weight?: number };
  size: { min: number; max: number };
  color: Colour;
  align?: 'left' | 'center' | 'right';
  verticalAlign?: 'top' | 'middle' | 'bottom';
  lineHeight?: number;
  letterSpacing?: number;
  maxLines?: number;
  vertical?: boolean;
  stroke?: Stroke | null;
}

export interface ShapeLayer extends LayerCommon {
  type: 'shape';
  shape: 'rect' | 'roundedRect' | 'ellipse';
  radius?: number | null;
  fill?: Paint | null;
  stroke?: Stroke | null;
}

export interface QrLayer extends LayerCommon {
  type: 'qr';
  content?: string;
  color?: Colour | null;
  background?: Colour | null;
  quietZone?: number | null;
}

export type Layer = ImageLayer | TextLayer | ShapeLayer | QrLayer;

export type Aspect = 'original' | '1:1' | '3:4' | '16:9' | '9:16';

export interface PosterTemplate {
  version: 1;
  id: string;
  name: { zh: string; en: string };
  category: string;
  keywords?: string[];
  canvas: { width: number; height: number; aspect: Aspect };
  background: Background;
  layers: Layer[];
}

/**
 * One entry of `GET /api/poster-templates` (the generated PosterTemplateDto,
 * with its `template` typed as the document).
 */
export interface PosterTemplateEntry {
  id: string;
  /** `library` (built in) or `tenant` (the tenant's own: always submitted with its document). */
  source?: string;
  category: string;
  /** In the request's language. */
  name: string;
  aspect: Aspect;
  width: number;
  height: number;
  template: PosterTemplate;
}

export interface PosterLibrary {
  categories: string[];
  templates: PosterTemplateEntry[];
}

/** The slots a user fills with words: text slots and the QR code. */
export const isTextual = (l: Layer): l is TextLayer | QrLayer => l.type === 'text' || l.type === 'qr';

/** The words a text or QR slot shows when the user gives none. */
export function defaultText(l: TextLayer | QrLayer): string {
  return (l.type === 'text' ? l.text : l.content) ?? '';
}

/** Image, text and QR slots must lie inside the canvas; shapes may bleed off its edges. */
export const mustStayInside = (l: Layer) => l.type !== 'shape';

/** Whether the layer's colour can be changed (text colour, a shape's fill). */
export const hasColour = (l: Layer): l is TextLayer | ShapeLayer => l.type === 'text' || l.type === 'shape';

export function colourOf(l: Layer): string | null {
  if (l.type === 'text') return l.color;
  if (l.type === 'shape') {
    const f = l.fill;
    if (!f) return null;
    return f.type === 'solid' ? f.color : (f.stops[0]?.color ?? null);
  }
  return null;
}

/** A copy of the layer with its colour set (a shape's fill becomes solid). */
export function withColour(l: Layer, color: string): Layer {
  if (l.type === 'text') return { ...l, color };
  if (l.type === 'shape') return { ...l, fill: { type: 'solid', color } };
  return l;
}
