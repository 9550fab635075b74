import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type KeyboardEvent as ReactKeyboardEvent, type PointerEvent as ReactPointerEvent } from 'react';
import { useI18n } from '../../../lib/i18n';
import { centreOf, hitTest, rotationOf, scaleBox, scaleFactor, snapBox, type Guide, type Point } from '../layout';
import { fontOf, renderPoster, type PosterPicture } from '../render';
import { findLayer, scaleTextSize, setBox, updateLayer, type PosterDoc } from '../editorState';
import { SCENE_PICTURE, scenePreviewUrl, type Box, type ImageLayer, type Layer } from '../template';
import { isTap, pressStart } from '../touch';
import { useFontsVersion, usePicture } from '../usePicture';

type DragKind = 'move' | 'scale' | 'rotate';
interface Drag {
  kind: DragKind;
  id: string;
  start: Point;
  doc: PosterDoc;
  layer: Layer;
  others: Box[];
}

interface Props {
  doc: PosterDoc;
  images: Record<string, PosterPicture | undefined>;
  selected: string | null;
  editing: string | null;
  /** Largest height of the stage, CSS px. */
  maxHeight: number;
  onSelect: (id: string | null) => void;
  /** A drag in progress: the document as it would be, and the snap guides. */
  onDraft: (doc: PosterDoc | null, guides: Guide[]) => void;
  /** The drag ended: record the draft as one step. */
  onDragEnd: () => void;
  guides: readonly Guide[];
  onStartEdit: (id: string) => void;
  onEndEdit: (id: string, text: string | null) => void;
  placeholder: (layer: ImageLayer) => string;
}

const DOUBLE_TAP_MS = 400;

/**
 * The poster preview with its editing overlay: click or tap a layer to
 * select it, drag it (snapping to the canvas centre lines and the other
 * layers' edges), scale it by a corner, rotate it by the top handle, and
 * double-click (double-tap) a text to edit it in place.
 */
export function PosterStage({ doc, images, selected, editing, maxHeight, onSelect, onDraft, onDragEnd, guides, onStartEdit, onEndEdit, placeholder }: Props) {
  const { t } = useI18n();
  const wrapRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const overlayRef = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);
  const lastTap = useRef<{ id: string; at: number } | null>(null);
  // A touch that may be a tap (not on the selected layer): the layer under it, decided when it ends.
  const pendingTap = useRef<{ id: string | null; clientX: number; clientY: number; at: number } | null>(null);
  const [availW, setAvailW] = useState(0);
  const fonts = useFontsVersion();
  const scene = usePicture(scenePreviewUrl(doc.template.background));
  const { width: W, height: H } = doc.template.canvas;

  useLayoutEffect(() => {
    const el = wrapRef.current;
    if (!el) return;
    const update = () => setAvailW(el.clientWidth);
    update();
    const ro = typeof ResizeObserver !== 'undefined' ? new ResizeObserver(update) : null;
    ro?.observe(el);
    return () => ro?.disconnect();
  }, []);

  const scale = availW > 0 ? Math.min(availW / W, maxHeight / H) : 0;
  const dw = Math.round(W * scale);
  const dh = Math.round(H * scale);

  useEffect(() => {
    const c = canvasRef.current;
    const ctx = c?.getContext('2d');
    if (!c || !ctx || scale <= 0) return;
    const dpr = Math.min(2, window.devicePixelRatio || 1);
    c.width = Math.round(dw * dpr);
    c.height = Math.round(dh * dpr);
    const pictures = scene ? { ...images, [SCENE_PICTURE]: scene } : images;
    renderPoster(ctx, doc.template, { scale: scale * dpr, images: pictures, texts: doc.texts, placeholder, hidden: editing });
  }, [doc, images, scale, dw, dh, editing, placeholder, fonts, scene]);

  const toCanvas = (e: { clientX: number; clientY: number }): Point => {
    const r = overlayRef.current?.getBoundingClientRect();
    if (!r || scale <= 0) return { x: 0, y: 0 };
    return { x: (e.clientX - r.left) / scale, y: (e.clientY - r.top) / scale };
  };

  const startDrag = (kind: DragKind, id: string, e: ReactPointerEvent) => {
    const layer = findLayer(doc.template, id);
    if (!layer) return;
    drag.current = { kind, id, start: toCanvas(e), doc, layer, others: doc.template.layers.filter((l) => l.id !== id).map((l) => l.box) };
    overlayRef.current?.setPointerCapture?.(e.pointerId);
  };

  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    if (editing) return;
    const p = toCanvas(e);
    const slop = 4 / Math.max(scale, 0.01);
    const hit = hitTest(doc.template.layers, p, doc.template.canvas, slop);
    const current = findLayer(doc.template, selected);
    const onSelected = !!current && !!hitTest([current], p, doc.template.canvas, slop);
    const start = pressStart(e.pointerType, hit?.id ?? null, onSelected);
    if (start === 'deselect') {
      onSelect(null);
      return;
    }
    if (start === 'tap') {
      // Not prevented: the browser may scroll the page instead (then the pointer is cancelled).
      pendingTap.current = { id: hit?.id ?? null, clientX: e.clientX, clientY: e.clientY, at: e.timeStamp };
      return;
    }
    const target = e.pointerType === 'touch' ? current : hit;
    if (!target) return;
    e.preventDefault();
    // A side-panel field loses the focus, so that the editor's keys (undo, arrows) apply.
    if (document.activeElement instanceof HTMLElement && document.activeElement !== document.body) document.activeElement.blur();
    const now = e.timeStamp;
    const last = lastTap.current;
    lastTap.current = { id: target.id, at: now };
    if (last && last.id === target.id && now - last.at < DOUBLE_TAP_MS && target.type === 'text') {
      lastTap.current = null;
      onSelect(target.id);
      onStartEdit(target.id);
      return;
    }
    onSelect(target.id);
    startDrag('move', target.id, e);
  };

  const onHandleDown = (e: ReactPointerEvent<HTMLElement>) => {
    if (!selected) return;
    e.stopPropagation();
    e.preventDefault();
    startDrag(e.currentTarget.dataset.kind === 'rotate' ? 'rotate' : 'scale', selected, e);
  };

  const onPointerMove = (e: ReactPointerEvent) => {
    const d = drag.current;
    if (!d) return;
    const p = toCanvas(e);
    const box0 = d.layer.box;
    const c = centreOf(box0);
    let template = d.doc.template;
    let shown: Guide[] = [];
    if (d.kind === 'move') {
      const raw = { ...box0, x: box0.x + p.x - d.start.x, y: box0.y + p.y - d.start.y };
      if (raw.x === box0.x && raw.y === box0.y) return;
      const snapped = snapBox(raw, d.others, doc.template.canvas, 8 / Math.max(scale, 0.01));
      shown = snapped.guides;
      template = setBox(template, d.id, { ...raw, x: snapped.x, y: snapped.y });
    } else if (d.kind === 'scale') {
      const f = scaleFactor(c, d.start, p);
      template = setBox(
        updateLayer(template, d.id, () => scaleTextSize(d.layer, f)),
        d.id,
        scaleBox(box0, f),
      );
    } else {
      template = setBox(template, d.id, { ...box0, rotation: rotationOf(c, d.start, p, box0.rotation ?? 0) });
    }
    onDraft({ ...d.doc, template }, shown);
  };

  const onPointerUp = (e: ReactPointerEvent) => {
    const tap = pendingTap.current;
    pendingTap.current = null;
    if (tap && isTap(tap, e)) {
      if (tap.id) lastTap.current = { id: tap.id, at: tap.at };
      onSelect(tap.id);
    }
    endDrag();
  };

  /** The browser took the touch over (a scroll): no tap, and a drag ends where it got to. */
  const onPointerCancel = () => {
    pendingTap.current = null;
    endDrag();
  };

  const endDrag = () => {
    if (!drag.current) return;
    drag.current = null;
    onDragEnd();
  };

  const sel = findLayer(doc.template, selected);
  const editLayer = findLayer(doc.template, editing);
  const boxStyle = (b: Box) => ({
    left: b.x * scale,
    top: b.y * scale,
    width: b.w * scale,
    height: b.h * scale,
    transform: b.rotation ? `rotate(${b.rotation}deg)` : undefined,
  });

  return (
    <div className="poster-stage-wrap" ref={wrapRef}>
      <div className="poster-stage" style={{ width: dw, height: dh }} data-testid="poster-stage" data-scale={scale.toFixed(4)}>
        <canvas ref={canvasRef} className="poster-canvas" style={{ width: dw, height: dh }} data-testid="poster-canvas" aria-label={t('poster.canvas')} />
        <div
          ref={overlayRef}
          className="poster-overlay"
          data-testid="poster-overlay"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerCancel}
        >
          {guides.map((g, i) =>
            g.axis === 'x' ? (
              <div key={i} className="poster-guide x" data-testid="snap-guide" style={{ left: g.at * scale, top: 0, height: dh }} />
            ) : (
              <div key={i} className="poster-guide y" data-testid="snap-guide" style={{ top: g.at * scale, left: 0, width: dw }} />
            ),
          )}
          {sel && !editing && (
            <div className="poster-selection" data-testid="selection" data-layer={sel.id} style={boxStyle(sel.box)}>
              {(['nw', 'ne', 'sw', 'se'] as const).map((h) => (
                <span key={h} className={`poster-handle ${h}`} data-testid={`handle-${h}`} data-kind="scale" onPointerDown={onHandleDown} />
              ))}
              <span className="poster-rotate" data-testid="handle-rotate" data-kind="rotate" onPointerDown={onHandleDown} title={t('poster.rotate')} />
            </div>
          )}
          {editLayer && editLayer.type === 'text' && (
            <InlineText
              key={editLayer.id}
              style={boxStyle(editLayer.box)}
              font={fontOf(editLayer, Math.max(10, editLayer.size.max * scale))}
              color={editLayer.color}
              align={editLayer.align ?? 'center'}
              initial={doc.texts[editLayer.id] ?? ''}
              multiline={(editLayer.maxLines ?? 3) > 1}
              onDone={(text) => onEndEdit(editLayer.id, text)}
            />
          )}
        </div>
      </div>
    </div>
  );
}

function InlineText({ style, font, color, align, initial, multiline, onDone }: { style: CSSProperties; font: string; color: string; align: 'left' | 'center' | 'right'; initial: string; multiline: boolean; onDone: (text: string | null) => void }) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const done = useRef(false);
  const finish = (text: string | null) => {
    if (done.current) return;
    done.current = true;
    onDone(text);
  };
  useEffect(() => {
    ref.current?.focus();
    ref.current?.select();
  }, []);
  const onKey = (e: ReactKeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Escape') finish(null);
    else if (e.key === 'Enter' && (!multiline || e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      finish(e.currentTarget.value);
    }
  };
  return (
    <textarea
      ref={ref}
      className="poster-inline-text"
      data-testid="inline-text"
      defaultValue={initial}
      style={{ ...style, font, color, textAlign: align }}
      onPointerDown={(e) => e.stopPropagation()}
      onKeyDown={onKey}
      onBlur={(e) => finish(e.currentTarget.value)}
    />
  );
}
