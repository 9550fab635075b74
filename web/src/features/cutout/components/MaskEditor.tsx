import { useCallback, useEffect, useRef, useState, type PointerEvent } from 'react';
import { isApiError } from '../../../lib/api/client';
import { bumpFileRevision, useBlobUrl } from '../../../lib/api/files';
import type { Task } from '../../../lib/api/tasks';
import { saveBlob } from '../../../lib/download';
import { useI18n } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { refineMask, saveMask } from '../api/editorApi';
import { fitCanvas, isMaskEmpty, stampDisc, strokeSegment, toMaskPoint, type MaskBuffer } from '../editor/brush';
import { canRedo, canUndo, createUndo, pushUndo, redo, undo, type UndoStack } from '../../../lib/undoStack';

type Tool = 'brush' | 'eraser' | 'keep' | 'remove';
const TOOLS: readonly Tool[] = ['brush', 'eraser', 'keep', 'remove'];

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('image'));
    img.src = src;
  });
}

/** Reads an image (alpha if it has any transparency, else luminance) into a mask of `w`×`h`. */
function imageToMask(img: CanvasImageSource, w: number, h: number): MaskBuffer {
  const c = document.createElement('canvas');
  c.width = w;
  c.height = h;
  const ctx = c.getContext('2d');
  const data = new Uint8ClampedArray(w * h);
  if (!ctx) return { width: w, height: h, data };
  ctx.drawImage(img, 0, 0, w, h);
  const px = ctx.getImageData(0, 0, w, h).data;
  let hasAlpha = false;
  for (let i = 3; i < px.length; i += 4) if ((px[i] ?? 255) < 250) hasAlpha = true;
  for (let i = 0; i < w * h; i++) {
    const [r, g, b, a] = [px[4 * i] ?? 0, px[4 * i + 1] ?? 0, px[4 * i + 2] ?? 0, px[4 * i + 3] ?? 0];
    data[i] = hasAlpha ? a : Math.round(0.299 * r + 0.587 * g + 0.114 * b);
  }
  return { width: w, height: h, data };
}

/**
 * The mask as a PNG at `w`×`h` (the result's size), carried in the alpha
 * channel (opaque = kept) over white: the server reads a PNG's alpha when it
 * has one, and refuses an opaque PNG whose grey levels vary.
 */
function maskToPng(mask: MaskBuffer, w: number, h: number): Promise<Blob | null> {
  const small = document.createElement('canvas');
  small.width = mask.width;
  small.height = mask.height;
  const sctx = small.getContext('2d');
  if (!sctx) return Promise.resolve(null);
  const img = sctx.createImageData(mask.width, mask.height);
  mask.data.forEach((v, i) => {
    img.data.set([255, 255, 255, v], 4 * i);
  });
  sctx.putImageData(img, 0, 0);
  const big = document.createElement('canvas');
  big.width = w;
  big.height = h;
  big.getContext('2d')?.drawImage(small, 0, 0, w, h);
  return new Promise((resolve) => big.toBlob(resolve, 'image/png'));
}

/**
 * The cutout editor: the photo with removed areas tinted, brush and eraser
 * on the mask, click to keep / click to remove (refined on the server),
 * undo history of 20, mask download and upload, and saving the mask.
 */
export function MaskEditor({ task }: { task: Task }) {
  const { t } = useI18n();
  const cutout = task.results?.find((r) => r.kind === 'image') ?? null;
  const maskResult = task.results?.find((r) => r.kind === 'mask') ?? null;
  const photo = useBlobUrl(task.params?.imageUrl ?? cutout?.url);
  const maskFile = useBlobUrl(maskResult?.url);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const photoPixels = useRef<ImageData | null>(null);
  const [history, setHistory] = useState<UndoStack<MaskBuffer> | null>(null);
  const [tool, setTool] = useState<Tool>('brush');
  const [size, setSize] = useState(20);
  const [busy, setBusy] = useState(false);
  const [dirty, setDirty] = useState(false);
  const stroke = useRef<{ mask: MaskBuffer; last: { x: number; y: number } } | null>(null);
  const fullW = maskResult?.width ?? 1;
  const fullH = maskResult?.height ?? 1;
  const fit = fitCanvas(fullW, fullH);

  // The history starts from the stored mask once; a save reloads the file
  // views elsewhere but must not reset the editor's own undo history.
  const started = useRef(false);
  useEffect(() => {
    if (!photo.src || !maskFile.src || started.current) return;
    let cancelled = false;
    void Promise.all([loadImage(photo.src), loadImage(maskFile.src)]).then(([p, m]) => {
      if (cancelled) return;
      const c = document.createElement('canvas');
      c.width = fit.width;
      c.height = fit.height;
      const ctx = c.getContext('2d');
      if (!ctx) return;
      ctx.drawImage(p, 0, 0, fit.width, fit.height);
      photoPixels.current = ctx.getImageData(0, 0, fit.width, fit.height);
      started.current = true;
      setHistory(createUndo(imageToMask(m, fit.width, fit.height)));
    });
    return () => {
      cancelled = true;
    };
  }, [photo.src, maskFile.src, fit.width, fit.height]);

  const paint = useCallback((mask: MaskBuffer) => {
    const ctx = canvasRef.current?.getContext('2d');
    const base = photoPixels.current;
    if (!ctx || !base) return;
    const out = new ImageData(new Uint8ClampedArray(base.data), base.width, base.height);
    for (let i = 0; i < mask.data.length; i++) {
      const keep = (mask.data[i] ?? 0) / 255;
      // Removed areas: darkened and tinted red, so the kept subject stands out.
      const o = 4 * i;
      out.data[o] = (out.data[o] ?? 0) * keep + (1 - keep) * (0.4 * (out.data[o] ?? 0) + 150);
      out.data[o + 1] = (out.data[o + 1] ?? 0) * (0.35 + 0.65 * keep);
      out.data[o + 2] = (out.data[o + 2] ?? 0) * (0.35 + 0.65 * keep);
    }
    ctx.putImageData(out, 0, 0);
  }, []);

  useEffect(() => {
    if (history) paint(history.present);
  }, [history, paint]);

  const commit = (mask: MaskBuffer) => {
    setHistory((h) => (h ? pushUndo(h, mask) : h));
    setDirty(true);
  };

  async function save(mask: MaskBuffer): Promise<boolean> {
    if (isMaskEmpty(mask)) {
      toast.error(t('editor.maskEmpty'));
      return false;
    }
    const png = await maskToPng(mask, fullW, fullH);
    if (!png) return false;
    const saved = await saveMask(task.taskId, png);
    // The mask and the cutout keep their URLs: every view shows the new ones.
    bumpFileRevision(saved.mask, saved.image, ...(task.results ?? []).map((r) => r.url));
    setDirty(false);
    return true;
  }

  async function click(x: number, y: number, keep: boolean) {
    if (!history || busy) return;
    setBusy(true);
    try {
      if (dirty && !(await save(history.present))) return;
      const scale = fullW / fit.width;
      const png = await refineMask(task.taskId, [{ x: Math.floor(x * scale), y: Math.floor(y * scale), keep }]);
      const url = URL.createObjectURL(png);
      try {
        commit(imageToMask(await loadImage(url), fit.width, fit.height));
      } finally {
        URL.revokeObjectURL(url);
      }
    } catch (e) {
      if (!isApiError(e)) toast.error(t('error.server'));
    } finally {
      setBusy(false);
    }
  }

  function onPointerDown(e: PointerEvent<HTMLCanvasElement>) {
    if (!history || !canvasRef.current) return;
    const p = toMaskPoint(e.clientX, e.clientY, canvasRef.current.getBoundingClientRect(), fit);
    if (tool === 'keep' || tool === 'remove') {
      void click(p.x, p.y, tool === 'keep');
      return;
    }
    const mask = { ...history.present, data: new Uint8ClampedArray(history.present.data) };
    stampDisc(mask, p.x, p.y, size / 2, tool === 'brush' ? 255 : 0);
    stroke.current = { mask, last: p };
    canvasRef.current.setPointerCapture?.(e.pointerId);
    paint(mask);
  }

  function onPointerMove(e: PointerEvent<HTMLCanvasElement>) {
    const s = stroke.current;
    if (!s || !canvasRef.current) return;
    const p = toMaskPoint(e.clientX, e.clientY, canvasRef.current.getBoundingClientRect(), fit);
    strokeSegment(s.mask, s.last, p, size / 2, tool === 'brush' ? 255 : 0);
    s.last = p;
    paint(s.mask);
  }

  function onPointerUp() {
    const s = stroke.current;
    stroke.current = null;
    if (s) commit(s.mask);
  }

  async function onUpload(file: File | undefined) {
    if (!file) return;
    const url = URL.createObjectURL(file);
    try {
      const mask = imageToMask(await loadImage(url), fit.width, fit.height);
      if (isMaskEmpty(mask)) {
        toast.error(t('editor.maskEmpty'));
        return;
      }
      commit(mask);
    } finally {
      URL.revokeObjectURL(url);
    }
  }

  async function onDownloadMask() {
    if (!history) return;
    const png = await maskToPng(history.present, fullW, fullH);
    if (png) saveBlob(png, `mask-${task.taskId}.png`);
  }

  return (
    <section className="mask-editor" data-testid="mask-editor" aria-busy={busy}>
      <h3>{t('editor.title')}</h3>
      <div className="actions" role="toolbar">
        {TOOLS.map((id) => (
          <button
            key={id}
            type="button"
            className={`button${tool === id ? ' primary' : ''}`}
            aria-pressed={tool === id}
            data-testid={`tool-${id}`}
            onClick={() => setTool(id)}
          >
            {t(`editor.tool.${id}`)}
          </button>
        ))}
        <label className="field inline brush-size">
          <span>{t('editor.brushSize')}</span>
          <input
            type="range"
            min={2}
            max={120}
            value={size}
            data-testid="brush-size"
            onChange={(e) => setSize(Number(e.target.value))}
          />
        </label>
        <button type="button" className="button" data-testid="editor-undo" disabled={!history || !canUndo(history)} onClick={() => setHistory((h) => (h ? undo(h) : h))}>
          {t('editor.undo')}
        </button>
        <button type="button" className="button" data-testid="editor-redo" disabled={!history || !canRedo(history)} onClick={() => setHistory((h) => (h ? redo(h) : h))}>
          {t('editor.redo')}
        </button>
      </div>
      <canvas
        ref={canvasRef}
        width={fit.width}
        height={fit.height}
        data-testid="mask-canvas"
        style={{ maxWidth: '100%', touchAction: 'none', cursor: 'crosshair' }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      />
      {busy && <p className="muted">{t('editor.refining')}</p>}
      <div className="actions">
        <button
          type="button"
          className="button primary"
          data-testid="editor-save"
          disabled={!history || busy}
          onClick={() => {
            if (!history) return;
            void save(history.present)
              .then((ok) => ok && toast.success(t('editor.saved')))
              .catch(() => undefined);
          }}
        >
          {t('editor.save')}
        </button>
        <button type="button" className="button" data-testid="editor-download-mask" onClick={() => void onDownloadMask()}>
          {t('editor.downloadMask')}
        </button>
        <label className="button">
          {t('editor.uploadMask')}
          <input
            type="file"
            accept="image/png"
            hidden
            data-testid="editor-upload-mask"
            onChange={(e) => void onUpload(e.target.files?.[0])}
          />
        </label>
      </div>
    </section>
  );
}
