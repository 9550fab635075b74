import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ImageUploader } from '../../../components/ImageUploader';
import { LockIcon } from '../../../components/icons';
import { TaskStatusView } from '../../../components/TaskStatusView';
import { useSubmitTask } from '../../../lib/api/tasks';
import { useI18n, type MessageKey } from '../../../lib/i18n';
import { useRequireLogin } from '../../../lib/session';
import { limitOf, priceOf, useTaskTypes } from '../../../lib/taskTypes';
import { toast } from '../../../lib/toast';
import { PALETTE, useAllowsCustomColour } from '../../../lib/plans';
import { buildPosterParams, POSTER_BIZ_TYPE, POSTER_FORMATS, productSlots, templateChanged, textFits, type PosterFormat, type PosterParams } from '../constants';
import { createHistory, findLayer, initialTexts, record, redoHistory, keepsBackground, setBox, setColour, setKeepBackground, setText, undoHistory, type EditorHistory, type PosterDoc } from '../editorState';
import type { Guide } from '../layout';
import { lastTaskOf, saveEdits, savedEdits, setLastTask, setProductPhoto, useProductPhoto } from '../session';
import { colourOf, hasColour, isTextual, type ImageLayer, type Layer, type PosterTemplateEntry } from '../template';
import { usePicture, usePictures } from '../usePicture';
import { useAssetFromUrl, type Placement } from '../assetPlacement';
import { MaterialPicker, type PickedPhoto } from './MaterialPicker';
import { fillHistory } from '../fill/apply';
import { PosterFillPanel } from '../fill/PosterFillPanel';
import { PosterResult } from './PosterResult';
import { PosterStage } from './PosterStage';

interface Props {
  entry: PosterTemplateEntry;
  mobile?: boolean;
}

/** A layer's name in the panel: its role (title, price…), or what it is. */
export function layerLabel(l: Layer, t: (k: MessageKey) => string): string {
  // Free texts are told apart by their words.
  if (l.type === 'text' && l.role === 'free' && l.text) {
    const words = Array.from(l.text.replace(/\s+/g, ' ').trim());
    const shown = words.length > 12 ? `${words.slice(0, 12).join('').trimEnd()}…` : words.join('');
    return `${t('poster.role.free')} · ${shown}`;
  }
  if (l.type === 'text' || l.type === 'image') return t(`poster.role.${l.role}` as MessageKey);
  return t(`poster.layer.${l.type}` as MessageKey);
}

/**
 * The poster editor of one template: the preview with its handles, the
 * product photo, the words of every slot, colours, undo/redo, and "render"
 * (PLACARD_GEN) with the result below. Edits are kept per template while
 * the app is open.
 */
export function PosterEditor({ entry, mobile = false }: Props) {
  const { t } = useI18n();
  const original = entry.template;
  const requireLogin = useRequireLogin();
  const { taskTypes } = useTaskTypes();
  const allowsCustom = useAllowsCustomColour();
  const submit = useSubmitTask<PosterParams>(POSTER_BIZ_TYPE);
  const product = useProductPhoto();
  const productPic = usePicture(product?.preview);
  const [history, setHistory] = useState<EditorHistory>(() => savedEdits(original.id) ?? createHistory(original));
  const [draft, setDraft] = useState<PosterDoc | null>(null);
  const [guides, setGuides] = useState<Guide[]>([]);
  const [selected, setSelected] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [format, setFormat] = useState<PosterFormat>('png');
  const [shown, setShown] = useState(() => lastTaskOf(original.id));
  const [custom, setCustom] = useState('#d4380d');
  // Pictures of the other image slots (a logo, a decoration), by slot id.
  const [slotPhotos, setSlotPhotos] = useState<Record<string, { url: string; preview: string }>>({});
  const slotPics = usePictures(useMemo(() => Object.fromEntries(Object.entries(slotPhotos).map(([id, p]) => [id, p.preview])), [slotPhotos]));
  // The slot "from my materials" fills: the product photo, or an image slot (a logo slot lists logos only).
  const [picking, setPicking] = useState<{ target: 'product' } | { target: 'slot'; id: string; logo: boolean } | null>(null);
  const present = history.stack.present;
  const doc = draft ?? present;
  const maxChars = limitOf(taskTypes, POSTER_BIZ_TYPE, 'textMaxChars');

  useEffect(() => {
    saveEdits(original.id, history);
  }, [original.id, history]);

  const commit = useCallback((next: PosterDoc, mergeKey: string | null = null) => setHistory((h) => record(h, next, mergeKey)), []);
  const doUndo = useCallback(() => setHistory(undoHistory), []);
  const doRedo = useCallback(() => setHistory(redoHistory), []);

  // Ctrl/Cmd-Z, Shift-Z (or Ctrl-Y); arrows nudge the selected layer. Fields keep their own undo.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT' || target.isContentEditable)) return;
      const mod = e.ctrlKey || e.metaKey;
      const key = e.key.toLowerCase();
      if (mod && key === 'z') {
        e.preventDefault();
        if (e.shiftKey) doRedo();
        else doUndo();
      } else if (mod && key === 'y') {
        e.preventDefault();
        doRedo();
      } else if (selected && e.key.startsWith('Arrow')) {
        const l = findLayer(present.template, selected);
        if (!l) return;
        e.preventDefault();
        const step = e.shiftKey ? 10 : 1;
        const dx = e.key === 'ArrowLeft' ? -step : e.key === 'ArrowRight' ? step : 0;
        const dy = e.key === 'ArrowUp' ? -step : e.key === 'ArrowDown' ? step : 0;
        commit({ ...present, template: setBox(present.template, l.id, { ...l.box, x: l.box.x + dx, y: l.box.y + dy }) }, `nudge:${l.id}`);
      } else if (e.key === 'Escape') setSelected(null);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [doUndo, doRedo, selected, present, commit]);

  const images = useMemo(
    () => ({ ...(productPic ? Object.fromEntries(productSlots(doc.template).map((id) => [id, productPic])) : {}), ...slotPics }),
    [productPic, doc.template, slotPics],
  );
  const placePhoto = useCallback((placement: Placement, photo: PickedPhoto) => {
    if (!placement) return;
    if (placement.target === 'product') setProductPhoto(photo);
    else {
      setSlotPhotos((m) => ({ ...m, [placement.id]: photo }));
      setSelected(placement.id);
    }
  }, []);
  useAssetFromUrl(original, placePhoto);
  const placeholder = useCallback((l: ImageLayer) => t(`poster.slot.${l.role}` as MessageKey), [t]);

  const onDraft = (next: PosterDoc | null, g: Guide[]) => {
    setDraft(next);
    setGuides(g);
  };
  const onDragEnd = () => {
    if (draft && JSON.stringify(draft.template) !== JSON.stringify(present.template)) commit(draft);
    setDraft(null);
    setGuides([]);
  };
  const onEndEdit = (id: string, text: string | null) => {
    setEditing(null);
    if (text !== null && text !== present.texts[id]) commit(setText(present, id, text));
  };

  const sel = findLayer(doc.template, selected);
  const textual = doc.template.layers.filter(isTextual);
  const slots = productSlots(doc.template);
  const changed = templateChanged(original, present.template);
  const tooLong = textual.filter((l) => !textFits(present.texts[l.id] ?? '', maxChars));

  const onRender = () => {
    if (!requireLogin()) return;
    if (tooLong.length > 0) {
      toast.warning(t('poster.textTooLong', { n: maxChars ?? 0 }));
      return;
    }
    const params = buildPosterParams({
      original,
      edited: present.template,
      texts: present.texts,
      images: {
        ...(product ? Object.fromEntries(slots.map((id) => [id, product.url])) : {}),
        ...Object.fromEntries(Object.entries(slotPhotos).map(([id, p]) => [id, p.url])),
      },
      format,
      own: !!entry.source && entry.source !== 'library',
    });
    // A refusal is toasted by the client (its msg, in the page's language); the edits stay.
    submit.submit(params, (taskId) => {
      const task = { taskId, startedAt: Date.now() };
      setLastTask(original.id, task);
      setShown(task);
    });
  };

  const colour = sel && hasColour(sel) ? colourOf(sel) : null;
  const pickColour = (hex: string) => sel && commit(setColour(present, sel.id, hex));

  const result = shown && (
    <section className="panel poster-result" data-testid="poster-result">
      <h3>{t('poster.result')}</h3>
      <TaskStatusView key={shown.taskId} taskId={shown.taskId} startedAt={shown.startedAt} showStatus text={{ generating: t('poster.generating'), failed: t('poster.failed') }}>
        {(task) => (
          <>
            <PosterResult task={task} />
            {mobile && (
              <Link className="button block" to={`/poster?task=${encodeURIComponent(task.taskId)}`} data-testid="poster-open">
                {t('poster.open')}
              </Link>
            )}
          </>
        )}
      </TaskStatusView>
    </section>
  );

  return (
    <div className={mobile ? 'poster-editor mobile' : 'poster-editor'} data-testid="poster-editor" data-template={original.id}>
      <div className="poster-toolbar">
        <button type="button" className="button" data-testid="poster-undo" disabled={history.stack.past.length === 0} onClick={doUndo} title={t('poster.undoKey')}>
          {t('poster.undo')}
        </button>
        <button type="button" className="button" data-testid="poster-redo" disabled={history.stack.future.length === 0} onClick={doRedo} title={t('poster.redoKey')}>
          {t('poster.redo')}
        </button>
        <button
          type="button"
          className="button"
          data-testid="poster-reset"
          disabled={!changed && JSON.stringify(present.texts) === JSON.stringify(initialTexts(original))}
          onClick={() => commit({ template: original, texts: initialTexts(original) })}
        >
          {t('poster.reset')}
        </button>
        <span className="poster-toolbar-gap" />
        <label className="poster-format">
          <span>{t('poster.format')}</span>
          <select data-testid="poster-format" value={format} onChange={(e) => setFormat(e.target.value as PosterFormat)}>
            {POSTER_FORMATS.map((f) => (
              <option key={f} value={f}>
                {f.toUpperCase()}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="button primary" data-testid="poster-render" disabled={submit.isPending} onClick={onRender}>
          <span>{submit.isPending ? t('poster.submitting') : t('poster.render')}</span>
          {priceOf(taskTypes, POSTER_BIZ_TYPE) !== null && (
            <span className="cost" data-testid="poster-cost">
              {t('workspace.cost', { n: priceOf(taskTypes, POSTER_BIZ_TYPE) ?? 0 })}
            </span>
          )}
        </button>
      </div>

      <div className="poster-body">
        <div className="poster-main">
          <PosterStage
            doc={doc}
            images={images}
            selected={selected}
            editing={editing}
            maxHeight={mobile ? 460 : 660}
            onSelect={setSelected}
            onDraft={onDraft}
            onDragEnd={onDragEnd}
            guides={guides}
            onStartEdit={setEditing}
            onEndEdit={onEndEdit}
            placeholder={placeholder}
          />
          <p className="muted poster-hint">{mobile ? t('poster.hintTouch') : t('poster.hint')}</p>
        </div>

        {mobile && result}
        <aside className="poster-panel">
          {!mobile && result}
          {slots.length > 0 && (
            <section className="poster-section" data-testid="poster-product">
              <h3>{t('poster.product')}</h3>
              <ImageUploader previewUrl={product?.preview ?? null} onUploaded={({ url, file }) => setProductPhoto({ url, preview: URL.createObjectURL(file) })} />
              <button type="button" className="button small poster-from-materials" data-testid="product-from-materials" onClick={() => requireLogin() && setPicking({ target: 'product' })}>
                {t('material.pick.open')}
              </button>
              <label className="checkbox poster-keep-background">
                <input
                  type="checkbox"
                  data-testid="poster-keep-background"
                  checked={keepsBackground(present.template)}
                  onChange={(e) => commit({ ...present, template: setKeepBackground(present.template, e.target.checked) })}
                />
                <span>{t('poster.keepBackground')}</span>
              </label>
              <p className="muted small">{t(keepsBackground(present.template) ? 'poster.productHintKept' : 'poster.productHint')}</p>
            </section>
          )}

          {sel && (
            <section className="poster-section" data-testid="layer-panel">
              <h3>
                {t('poster.selected')}: {layerLabel(sel, t)}
              </h3>
              {colour !== null && (
                <div className="poster-colours">
                  <div className="swatches" data-testid="poster-palette">
                    {PALETTE.map((p) => (
                      <button
                        key={p.name}
                        type="button"
                        title={t(`productImage.colour.${p.name}` as MessageKey)}
                        aria-pressed={colour.toLowerCase() === p.hex.toLowerCase()}
                        data-testid={`poster-swatch-${p.name}`}
                        className={colour.toLowerCase() === p.hex.toLowerCase() ? 'swatch selected' : 'swatch'}
                        style={{ background: p.hex }}
                        onClick={() => pickColour(p.hex)}
                      />
                    ))}
                  </div>
                  {allowsCustom ? (
                    <label className="field inline custom-colour">
                      <span>{t('poster.customColour')}</span>
                      <input
                        type="color"
                        data-testid="poster-custom-colour"
                        value={custom}
                        onChange={(e) => {
                          setCustom(e.target.value);
                          commit(setColour(present, sel.id, e.target.value), `colour:${sel.id}`);
                        }}
                      />
                    </label>
                  ) : (
                    <button type="button" className="button small" data-testid="poster-custom-locked" onClick={() => toast.warning(t('productImage.customColourMembers'))}>
                      <LockIcon className="tab-lock" /> {t('poster.customColour')}
                    </button>
                  )}
                </div>
              )}
              {sel.type === 'image' && sel.role !== 'product' && (
                <ImageUploader
                  purpose="material"
                  previewUrl={slotPhotos[sel.id]?.preview ?? null}
                  onUploaded={({ url, file }) => setSlotPhotos((m) => ({ ...m, [sel.id]: { url, preview: URL.createObjectURL(file) } }))}
                />
              )}
              {sel.type === 'image' && sel.role !== 'product' && (
                <button
                  type="button"
                  className="button small poster-from-materials"
                  data-testid="slot-from-materials"
                  onClick={() => requireLogin() && setPicking({ target: 'slot', id: sel.id, logo: sel.role === 'logo' })}
                >
                  {t('material.pick.open')}
                </button>
              )}
              {(sel.box.rotation ?? 0) !== 0 && (
                <button type="button" className="button small" data-testid="poster-unrotate" onClick={() => commit({ ...present, template: setBox(present.template, sel.id, { ...sel.box, rotation: 0 }) })}>
                  {t('poster.straighten')}
                </button>
              )}
            </section>
          )}

          <PosterFillPanel
            original={original}
            edited={present.template}
            own={!!entry.source && entry.source !== 'library'}
            onFill={(words) => setHistory((h) => fillHistory(h, words))}
          />

          <section className="poster-section">
            <h3>{t('poster.texts')}</h3>
            <div className="poster-text-list">
              {textual.map((l) => {
                const value = doc.texts[l.id] ?? '';
                const over = !textFits(value, maxChars);
                const multiline = l.type === 'text' && (l.maxLines ?? 3) > 1;
                const common = {
                  id: `poster-text-${l.id}`,
                  'data-testid': `text-slot-${l.id}`,
                  value,
                  'aria-invalid': over,
                  onFocus: () => setSelected(l.id),
                  onChange: (e: { target: { value: string } }) => commit(setText(present, l.id, e.target.value), `text:${l.id}`),
                };
                return (
                  <label key={l.id} className={selected === l.id ? 'field poster-text-slot active' : 'field poster-text-slot'} htmlFor={common.id}>
                    <span>{l.type === 'qr' ? t('poster.qrContent') : layerLabel(l, t)}</span>
                    {multiline ? <textarea rows={2} {...common} /> : <input type="text" {...common} />}
                    {over && <small className="field-error">{t('poster.textTooLong', { n: maxChars ?? 0 })}</small>}
                  </label>
                );
              })}
            </div>
          </section>
        </aside>
      </div>

      <MaterialPicker
        open={picking !== null}
        logo={picking?.target === 'slot' && picking.logo}
        mobile={mobile}
        onClose={() => setPicking(null)}
        onPick={(photo) => picking && placePhoto(picking.target === 'product' ? picking : { target: 'slot', id: picking.id }, photo)}
      />
    </div>
  );
}
