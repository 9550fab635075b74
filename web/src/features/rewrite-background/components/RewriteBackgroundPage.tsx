import { useEffect, useRef, useState } from 'react';
import { CapabilityGate } from '../../../components/CapabilityGate';
import { GenerationWorkspace } from '../../../components/GenerationWorkspace';
import { ImageUploader, type UploadedImage } from '../../../components/ImageUploader';
import { TaskHistoryList } from '../../../components/TaskHistoryList';
import { useQueryClient } from '@tanstack/react-query';
import { useCreateTask, type Task } from '../../../lib/api/tasks';
import { useI18n, type MessageKey } from '../../../lib/i18n';
import { useRequireLogin, USER_INFO_QUERY_KEY } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { RewriteTaskView } from './RewriteTaskView';
import {
  buildRewriteParams,
  ERODE_MAX,
  GEN_NUM_MAX,
  initialRewriteForm,
  MODES,
  RATIOS,
  REWRITE_BG_BIZ_TYPE,
  rewriteCost,
  type Mode,
  type Ratio,
  type RewriteBgForm,
  type RewriteBgParams,
} from '../constants';

interface ShownTask {
  taskId: string;
  beforeUrl: string | null;
  startedAt: number;
}

/** /rewrite-background: the product into a reference scene, or a background in its style. */
export function RewriteBackgroundPage() {
  return (
    <CapabilityGate bizType={REWRITE_BG_BIZ_TYPE}>
      <RewriteWorkspace />
    </CapabilityGate>
  );
}

function RewriteWorkspace() {
  const { t } = useI18n();
  const qc = useQueryClient();
  const requireLogin = useRequireLogin();
  const create = useCreateTask<RewriteBgParams>();
  const [form, setForm] = useState<RewriteBgForm>(initialRewriteForm);
  const [productPreview, setProductPreview] = useState<string | null>(null);
  const [referencePreview, setReferencePreview] = useState<string | null>(null);
  const [shown, setShown] = useState<ShownTask | null>(null);
  const objectUrls = useRef<string[]>([]);

  useEffect(() => {
    const urls = objectUrls.current;
    return () => urls.forEach((u) => URL.revokeObjectURL(u));
  }, []);

  const preview = (file: File) => {
    const p = URL.createObjectURL(file);
    objectUrls.current.push(p);
    return p;
  };
  const onProduct = ({ url, file }: UploadedImage) => {
    setProductPreview(preview(file));
    setForm((f) => ({ ...f, imageUrl: url }));
  };
  const onReference = ({ url, file }: UploadedImage) => {
    setReferencePreview(preview(file));
    setForm((f) => ({ ...f, referenceUrl: url }));
  };

  const onGenerate = () => {
    if (!requireLogin()) return;
    const built = buildRewriteParams(form);
    if ('missing' in built) {
      toast.warning(t(built.missing as MessageKey));
      return;
    }
    // Before/after: the reference scene is the "before" of a replication.
    const beforeUrl = referencePreview;
    create.mutate(
      { bizType: REWRITE_BG_BIZ_TYPE, params: built.params },
      {
        onSuccess: (r) => {
          void qc.invalidateQueries({ queryKey: USER_INFO_QUERY_KEY });
          setShown({ taskId: r.taskId, beforeUrl, startedAt: Date.now() });
        },
      },
    );
  };

  const onSelect = (task: Task) => {
    if (shown?.taskId === task.taskId) return;
    const created = task.createdAt ? new Date(task.createdAt).getTime() : NaN;
    setShown({ taskId: task.taskId, beforeUrl: null, startedAt: Number.isNaN(created) ? Date.now() : created });
  };

  const counts = Array.from({ length: GEN_NUM_MAX }, (_, i) => i + 1);
  return (
    <GenerationWorkspace
      className="rewrite-background-page"
      title={t('rewriteBg.title')}
      subtitle={t('rewriteBg.subtitle')}
      upload={
        <div className="rewrite-uploads">
          <div data-testid="upload-product">
            <p className="field-label">{t('rewriteBg.product')}</p>
            <ImageUploader previewUrl={productPreview} onUploaded={onProduct} />
          </div>
          <div data-testid="upload-reference">
            <p className="field-label">{t('rewriteBg.reference')}</p>
            <ImageUploader previewUrl={referencePreview} onUploaded={onReference} />
          </div>
        </div>
      }
      options={
        <div className="options rewrite-options" data-testid="rewrite-options">
          <label className="field">
            <span>{t('rewriteBg.mode')}</span>
            <select data-testid="option-mode" value={form.mode} onChange={(e) => setForm({ ...form, mode: e.target.value as Mode })}>
              {MODES.map((m) => (
                <option key={m} value={m}>
                  {t(`rewriteBg.mode.${m}` as MessageKey)}
                </option>
              ))}
            </select>
          </label>
          {form.mode === 'ACCURATE_REPLICATION' && (
            <label className="field inline">
              <input
                type="checkbox"
                data-testid="option-removeSubject"
                checked={form.removeSubject}
                onChange={(e) => setForm({ ...form, removeSubject: e.target.checked })}
              />
              <span>{t('rewriteBg.removeSubject')}</span>
            </label>
          )}
          {form.mode === 'STYLE_IMITATION' && (
            <label className="field">
              <span>
                {t('rewriteBg.denoising')} {form.denoisingStrength.toFixed(2)}
              </span>
              <input
                type="range"
                min={0}
                max={1}
                step={0.05}
                data-testid="option-denoising"
                value={form.denoisingStrength}
                onChange={(e) => setForm({ ...form, denoisingStrength: Number(e.target.value) })}
              />
            </label>
          )}
          <label className="field">
            <span>
              {t('productImage.erode')} {form.erodeSize}px
            </span>
            <input
              type="range"
              min={0}
              max={ERODE_MAX}
              data-testid="option-erode"
              value={form.erodeSize}
              onChange={(e) => setForm({ ...form, erodeSize: Number(e.target.value) })}
            />
          </label>
          <label className="field">
            <span>{t('productImage.ratio')}</span>
            <select data-testid="option-ratio" value={form.ratio} onChange={(e) => setForm({ ...form, ratio: e.target.value as Ratio })}>
              {RATIOS.map((r) => (
                <option key={r} value={r}>
                  {r === 'original' ? t('productImage.ratio.original') : r}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span>{t('productImage.genNum')}</span>
            <select data-testid="option-genNum" value={form.genNum} onChange={(e) => setForm({ ...form, genNum: Number(e.target.value) })}>
              {counts.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
        </div>
      }
      generate={{ cost: rewriteCost(form), pending: create.isPending, onGenerate }}
      stage={
        shown ? (
          <RewriteTaskView key={shown.taskId} taskId={shown.taskId} beforeUrl={shown.beforeUrl} startedAt={shown.startedAt} />
        ) : (
          <div className="stage-empty">
            <p>{t('rewriteBg.empty')}</p>
          </div>
        )
      }
      history={<TaskHistoryList bizType={REWRITE_BG_BIZ_TYPE} title={t('history.title')} activeTaskId={shown?.taskId ?? null} onSelect={onSelect} />}
    />
  );
}
