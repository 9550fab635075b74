/**
 * The approximate preview of a poster template on a `<canvas>`: the same
 * document the server typesets (docs/POSTERS.md), drawn with the browser's
 * 2D context and fonts. The final poster is the server's render; this one
 * is for choosing, arranging and editing.
 */
import { fitRect, fitText, linearGradientLine, type Measure } from './layout';
import { defaultText, SCENE_PICTURE, type ImageLayer, type Layer, type Paint, type PosterTemplate, type QrLayer, type ShapeLayer, type TextLayer } from './template';

/** A decoded picture (an `<img>`, an ImageBitmap…) with its size. */
export interface PosterPicture {
  source: CanvasImageSource;
  width: number;
  height: number;
}

export interface RenderOptions {
  /** Canvas px per template px. */
  scale: number;
  /** Pictures by image slot id (also the background's slot). */
  images?: Record<string, PosterPicture | undefined>;
  /** Words by text or QR slot id; a slot left out shows its default. */
  texts?: Record<string, string | undefined>;
  /** Draw empty image slots as dashed placeholders with this label (the editor). */
  placeholder?: (layer: ImageLayer) => string;
  /** A text slot not drawn (being edited in place). */
  hidden?: string | null;
}

type Ctx = CanvasRenderingContext2D;

const FAMILIES = {
  sans: '"Noto Sans CJK SC", "Noto Sans SC", "Source Han Sans SC", "PingFang SC", "Microsoft YaHei", sans-serif',
  serif: '"Noto Serif CJK SC", "Noto Serif SC", "Source Han Serif SC", "Songti SC", "SimSun", serif',
} as const;

export function fontOf(layer: TextLayer, size: number): string {
  const family = FAMILIES[layer.font?.family ?? 'sans'];
  const weight = Math.round((layer.font?.weight ?? 400) / 100) * 100;
  return `${weight} ${size}px ${family}`;
}

/** Draws the whole template into `ctx` (which is `width × scale` by `height × scale`). */
export function renderPoster(ctx: Ctx, template: PosterTemplate, options: RenderOptions): void {
  const { scale } = options;
  const { width, height } = template.canvas;
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  ctx.scale(scale, scale);
  const bg = template.background;
  if (bg.type === 'image') {
    const pic = options.images?.[bg.slot];
    if (pic) drawPicture(ctx, pic, { x: 0, y: 0, w: width, h: height }, 'cover', 'center');
    else if (bg.fallback) fillPaint(ctx, bg.fallback, 0, 0, width, height, () => ctx.rect(0, 0, width, height));
  } else if (bg.type === 'scene') {
    // The scene's stored preview, scaled up: the server draws it at full size.
    const pic = options.images?.[SCENE_PICTURE];
    if (pic) drawPicture(ctx, pic, { x: 0, y: 0, w: width, h: height }, 'cover', 'center');
    else fillPaint(ctx, { type: 'solid', color: '#e5e6e8' }, 0, 0, width, height, () => ctx.rect(0, 0, width, height));
  } else fillPaint(ctx, bg, 0, 0, width, height, () => ctx.rect(0, 0, width, height));
  for (const layer of template.layers) drawLayer(ctx, layer, options);
  ctx.restore();
}

function drawLayer(ctx: Ctx, layer: Layer, o: RenderOptions) {
  const { x, y, w, h, rotation = 0 } = layer.box;
  ctx.save();
  ctx.translate(x + w / 2, y + h / 2);
  if (rotation) ctx.rotate((rotation * Math.PI) / 180);
  ctx.translate(-w / 2, -h / 2);
  if (layer.type !== 'qr') ctx.globalAlpha = clamp01(layer.opacity ?? 1);
  if (layer.shadow && layer.type !== 'qr') {
    ctx.shadowColor = layer.shadow.color;
    ctx.shadowBlur = (layer.shadow.blur ?? 0) * o.scale;
    ctx.shadowOffsetX = (layer.shadow.offsetX ?? 0) * o.scale;
    ctx.shadowOffsetY = (layer.shadow.offsetY ?? 0) * o.scale;
  }
  switch (layer.type) {
    case 'shape':
      drawShape(ctx, layer);
      break;
    case 'image':
      drawImageSlot(ctx, layer, o);
      break;
    case 'text':
      if (o.hidden !== layer.id) drawText(ctx, layer, o.texts?.[layer.id] ?? defaultText(layer));
      break;
    case 'qr':
      drawQr(ctx, layer, o.texts?.[layer.id] ?? defaultText(layer));
      break;
  }
  ctx.restore();
}

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

/** Fills the current path (built by `path`) with a paint over the area x,y,w,h. */
function fillPaint(ctx: Ctx, paint: Paint, x: number, y: number, w: number, h: number, path: () => void) {
  ctx.beginPath();
  path();
  ctx.fillStyle = paintStyle(ctx, paint, x, y, w, h);
  ctx.fill();
}

export function paintStyle(ctx: Ctx, paint: Paint, x: number, y: number, w: number, h: number): string | CanvasGradient {
  if (paint.type === 'solid') return paint.color;
  let g: CanvasGradient;
  if (paint.type === 'linearGradient') {
    const l = linearGradientLine(paint.angle ?? 180, w, h);
    g = ctx.createLinearGradient(x + l.x0, y + l.y0, x + l.x1, y + l.y1);
  } else {
    const cx = x + (paint.cx ?? 0.5) * w;
    const cy = y + (paint.cy ?? 0.5) * h;
    g = ctx.createRadialGradient(cx, cy, 0, cx, cy, Math.max(1e-3, (paint.radius ?? 0.75) * Math.max(w, h)));
  }
  for (const s of paint.stops) g.addColorStop(clamp01(s.offset), s.color);
  return g;
}

function roundedRectPath(ctx: Ctx, x: number, y: number, w: number, h: number, r: number) {
  const rr = Math.max(0, Math.min(r, w / 2, h / 2));
  ctx.moveTo(x + rr, y);
  ctx.arcTo(x + w, y, x + w, y + h, rr);
  ctx.arcTo(x + w, y + h, x, y + h, rr);
  ctx.arcTo(x, y + h, x, y, rr);
  ctx.arcTo(x, y, x + w, y, rr);
  ctx.closePath();
}

function shapePath(ctx: Ctx, shape: ShapeLayer['shape'], x: number, y: number, w: number, h: number, radius: number) {
  if (shape === 'ellipse') ctx.ellipse(x + w / 2, y + h / 2, Math.max(0, w / 2), Math.max(0, h / 2), 0, 0, Math.PI * 2);
  else if (shape === 'roundedRect') roundedRectPath(ctx, x, y, w, h, radius);
  else ctx.rect(x, y, w, h);
}

function drawShape(ctx: Ctx, layer: ShapeLayer) {
  const { w, h } = layer.box;
  const r = layer.radius ?? 0;
  if (layer.fill) fillPaint(ctx, layer.fill, 0, 0, w, h, () => shapePath(ctx, layer.shape, 0, 0, w, h, r));
  if (layer.stroke && layer.stroke.width > 0) {
    const sw = layer.stroke.width;
    // The stroke is drawn inside the box.
    ctx.beginPath();
    shapePath(ctx, layer.shape, sw / 2, sw / 2, w - sw, h - sw, Math.max(0, r - sw / 2));
    ctx.lineWidth = sw;
    ctx.strokeStyle = layer.stroke.color;
    if (layer.fill) ctx.shadowColor = 'transparent';
    ctx.stroke();
  }
}

function drawPicture(ctx: Ctx, pic: PosterPicture, box: { x: number; y: number; w: number; h: number }, fit: 'contain' | 'cover', anchor: 'center' | 'top' | 'bottom', radius = 0) {
  const r = fitRect(pic.width, pic.height, box, fit, anchor);
  if (fit === 'cover' || radius > 0) {
    ctx.save();
    ctx.beginPath();
    const clip = fit === 'cover' ? box : r;
    roundedRectPath(ctx, clip.x, clip.y, clip.w, clip.h, radius);
    ctx.clip();
    ctx.drawImage(pic.source, r.x, r.y, r.w, r.h);
    ctx.restore();
  } else ctx.drawImage(pic.source, r.x, r.y, r.w, r.h);
}

function drawImageSlot(ctx: Ctx, layer: ImageLayer, o: RenderOptions) {
  const { w, h } = layer.box;
  const pic = o.images?.[layer.id];
  if (pic) {
    drawPicture(ctx, pic, { x: 0, y: 0, w, h }, layer.fit ?? 'contain', layer.anchor ?? 'center', layer.cornerRadius ?? 0);
    return;
  }
  if (!o.placeholder) return;
  ctx.shadowColor = 'transparent';
  ctx.globalAlpha = 1;
  ctx.beginPath();
  roundedRectPath(ctx, 4, 4, w - 8, h - 8, Math.min(24, w / 8, h / 8));
  ctx.fillStyle = 'rgba(255,255,255,0.35)';
  ctx.fill();
  ctx.setLineDash([18, 12]);
  ctx.lineWidth = 4;
  ctx.strokeStyle = 'rgba(90,90,90,0.55)';
  ctx.stroke();
  ctx.setLineDash([]);
  const size = Math.max(14, Math.min(w, h) / 9);
  ctx.fillStyle = 'rgba(60,60,60,0.75)';
  ctx.font = `500 ${size}px ${FAMILIES.sans}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(o.placeholder(layer), w / 2, h / 2, w - 16);
}

// ---------------------------------------------------------------- text

const VERTICAL_FORMS: Record<string, string> = {
  '，': '︐', '。': '︒', '、': '︑', '：': '︓', '；': '︔', '！': '︕', '？': '︖',
  '（': '︵', '）': '︶', '「': '﹁', '」': '﹂', '『': '﹃', '』': '﹄', '《': '︽', '》': '︾',
  '【': '︻', '】': '︼', '…': '︙', '—': '︱', '(': '︵', ')': '︶',
};

/** The measure of one text layer's font in this context (letter spacing included). */
export function measurer(ctx: Ctx, layer: TextLayer): Measure {
  const spacing = layer.letterSpacing ?? 0;
  return (text, size) => {
    ctx.font = fontOf(layer, size);
    const n = Array.from(text).length;
    return ctx.measureText(text).width + Math.max(0, n - 1) * spacing * size;
  };
}

function drawText(ctx: Ctx, layer: TextLayer, text: string) {
  const { w, h } = layer.box;
  const stroke = layer.stroke && layer.stroke.width > 0 ? layer.stroke : null;
  const fit = fitText(
    {
      text,
      w,
      h,
      size: layer.size,
      maxLines: layer.maxLines ?? 3,
      lineHeight: layer.lineHeight ?? 1.25,
      stroke: stroke?.width ?? 0,
      vertical: !!layer.vertical,
      letterSpacing: layer.letterSpacing ?? 0,
    },
    measurer(ctx, layer),
  );
  const size = fit.size;
  const lh = layer.lineHeight ?? 1.25;
  const spacing = (layer.letterSpacing ?? 0) * size;
  const align = layer.align ?? 'center';
  const valign = layer.verticalAlign ?? 'middle';
  const pad = stroke?.width ?? 0;
  ctx.save();
  ctx.beginPath();
  ctx.rect(0, 0, w, h);
  ctx.clip();
  ctx.font = fontOf(layer, size);
  ctx.textBaseline = 'middle';
  ctx.fillStyle = layer.color;
  if (stroke) {
    ctx.lineJoin = 'round';
    ctx.lineWidth = stroke.width * 2;
    ctx.strokeStyle = stroke.color;
  }
  const glyph = (s: string, gx: number, gy: number, textAlign: CanvasTextAlign) => {
    ctx.textAlign = textAlign;
    if (stroke) ctx.strokeText(s, gx, gy);
    ctx.fillText(s, gx, gy);
  };
  // Letter spacing: character by character (the same advance the measure counts).
  const line = (s: string, lx: number, ly: number) => {
    if (!spacing) {
      glyph(s, lx, ly, align === 'left' ? 'left' : align === 'right' ? 'right' : 'center');
      return;
    }
    const chars = Array.from(s);
    const total = ctx.measureText(s).width + Math.max(0, chars.length - 1) * spacing;
    let cx = align === 'left' ? lx : align === 'right' ? lx - total : lx - total / 2;
    for (const ch of chars) {
      glyph(ch, cx, ly, 'left');
      cx += ctx.measureText(ch).width + spacing;
    }
  };

  if (layer.vertical) {
    const pitch = size * lh;
    const cell = size + spacing;
    const blockW = (fit.lines.length - 1) * pitch + size;
    const right = align === 'left' ? pad + blockW : align === 'right' ? w - pad : (w + blockW) / 2;
    fit.lines.forEach((col, i) => {
      const chars = Array.from(col);
      const colH = chars.length * cell;
      const top = valign === 'top' ? pad : valign === 'bottom' ? h - pad - colH : (h - colH) / 2;
      const cx = right - size / 2 - i * pitch;
      chars.forEach((ch, j) => glyph(VERTICAL_FORMS[ch] ?? ch, cx, top + j * cell + size / 2, 'center'));
    });
  } else {
    const blockH = (fit.lines.length - 1) * size * lh + size;
    const top = valign === 'top' ? pad : valign === 'bottom' ? h - pad - blockH : (h - blockH) / 2;
    const lx = align === 'left' ? pad : align === 'right' ? w - pad : w / 2;
    fit.lines.forEach((s, i) => line(s, lx, top + i * size * lh + size / 2));
  }
  ctx.restore();
}

// ---------------------------------------------------------------- QR

/** A stand-in pattern for the QR code (the server encodes the real one): finder squares and modules hashed from the content. */
function drawQr(ctx: Ctx, layer: QrLayer, content: string) {
  const { w, h } = layer.box;
  const side = Math.min(w, h);
  const n = 25;
  const quiet = layer.quietZone ?? 2;
  const m = side / (n + quiet * 2);
  const ox = (w - side) / 2 + quiet * m;
  const oy = (h - side) / 2 + quiet * m;
  ctx.fillStyle = layer.background ?? '#ffffff';
  ctx.fillRect((w - side) / 2, (h - side) / 2, side, side);
  ctx.fillStyle = layer.color ?? '#000000';
  let seed = 2166136261;
  for (const ch of content || 'qr') seed = Math.imul(seed ^ ch.charCodeAt(0), 16777619) >>> 0;
  const inFinder = (r: number, c: number) => (r < 8 && c < 8) || (r < 8 && c >= n - 8) || (r >= n - 8 && c < 8);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      if (inFinder(r, c)) continue;
      seed = Math.imul(seed ^ (r * 31 + c), 2654435761) >>> 0;
      if ((seed >>> 13) & 1) ctx.fillRect(ox + c * m, oy + r * m, m, m);
    }
  }
  for (const [r, c] of [
    [0, 0],
    [0, n - 7],
    [n - 7, 0],
  ] as const) {
    ctx.fillRect(ox + c * m, oy + r * m, 7 * m, 7 * m);
    ctx.fillStyle = layer.background ?? '#ffffff';
    ctx.fillRect(ox + (c + 1) * m, oy + (r + 1) * m, 5 * m, 5 * m);
    ctx.fillStyle = layer.color ?? '#000000';
    ctx.fillRect(ox + (c + 2) * m, oy + (r + 2) * m, 3 * m, 3 * m);
  }
}
