import { useEffect, useRef, useState } from 'react';
import { CapabilityGate } from '../../../components/CapabilityGate';
import { GenerationWorkspace } from '../../../components/GenerationWorkspace';
import { ImageUploader, type UploadedImage } from '../../../components/ImageUploader';
import { TaskHistoryList } from '../../../components/TaskHistoryList';
import type { Task } from '../../../lib/api/tasks';
import { useI18n } from '../../../lib/i18n';
import { useRequireLogin, useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useCreateQrCode } from '../api/createQrCode';
import { QR_BIZ_TYPE, QR_COST, QR_MAX_TOP_N, buildQrParams, contentFits, initialQrForm, type QrForm } from '../constants';
import { QrTaskView } from './QrTaskView';
import { ShapePicker } from './ShapePicker';

interface ShownTask {
  taskId: string;
  startedAt: number;
}

/** /ai-qr-code: the artistic QR code lab. */
export function QrCodePage() {
  return (
    <CapabilityGate bizType={QR_BIZ_TYPE}>
      <QrWorkspace />
    </CapabilityGate>
  );
}

function QrWorkspace() {
  const { t } = useI18n();
  const { user } = useSession();
  const requireLogin = useRequireLogin();
  const create = useCreateQrCode();
  const [form, setForm] = useState<QrForm>(initialQrForm);
  const [preview, setPreview] = useState<string | null>(null);
  const [shown, setShown] = useState<ShownTask | null>(null);
  const objectUrls = useRef<string[]>([]);

  useEffect(() => {
    const urls = objectUrls.current;
    return () => urls.forEach((u) => URL.revokeObjectURL(u));
  }, []);

  const userId = user?.id ?? null;
  const [seenUser, setSeenUser] = useState(userId);
  if (seenUser !== userId) {
    setSeenUser(userId);
    setShown(null);
    setForm(initialQrForm());
    setPreview(null);
  }

  const onUploaded = ({ url, file }: UploadedImage) => {
    const p = URL.createObjectURL(file);
    objectUrls.current.push(p);
    setPreview(p);
    setForm((f) => ({ ...f, imageUrl: url }));
  };

  const onGenerate = () => {
    if (!requireLogin()) return;
    const built = buildQrParams(form);
    if ('missing' in built) {
      toast.warning(t(built.missing));
      return;
    }
    create.submit(built.params, (taskId) => setShown({ taskId, startedAt: Date.now() }));
  };

  const onSelect = (task: Task) => {
    if (shown?.taskId === task.taskId) return;
    const created = task.createdAt ? new Date(task.createdAt).getTime() : NaN;
    setShown({ taskId: task.taskId, startedAt: Number.isNaN(created) ? Date.now() : created });
  };

  const tooLong = form.content.trim() !== '' && !contentFits(form.content);
  return (
    <GenerationWorkspace
      className="qr-page"
      title={t('qr.title')}
      subtitle={t('qr.subtitle')}
      upload={
        <div className="qr-inputs">
          <label className="field">
            <span>{t('qr.content')}</span>
            <textarea
              data-testid="qr-content"
              rows={3}
              value={form.content}
              placeholder={t('qr.content.placeholder')}
              aria-invalid={tooLong}
              onChange={(e) => setForm({ ...form, content: e.target.value })}
            />
            {tooLong && (
              <small className="field-error" role="alert" data-testid="qr-content-error">
                {t('qr.contentTooLong')}
              </small>
            )}
          </label>
          <ImageUploader previewUrl={preview} onUploaded={onUploaded} />
        </div>
      }
      options={
        <div className="options qr-options">
          <ShapePicker value={form.shape} onChange={(shape) => setForm({ ...form, shape })} />
          <label className="field">
            <span>
              {t('qr.strength')} <output data-testid="qr-strength-value">{form.strength}</output>
            </span>
            <input
              type="range"
              min={0}
              max={100}
              step={1}
              data-testid="qr-strength"
              value={form.strength}
              onChange={(e) => setForm({ ...form, strength: Number(e.target.value) })}
            />
            <small className="muted">{t('qr.strength.hint')}</small>
          </label>
          <label className="field">
            <span>{t('qr.topN')}</span>
            <select data-testid="qr-topN" value={form.topN} onChange={(e) => setForm({ ...form, topN: Number(e.target.value) })}>
              {Array.from({ length: QR_MAX_TOP_N }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
        </div>
      }
      generate={{ cost: QR_COST, pending: create.isPending, onGenerate }}
      stage={
        shown ? (
          <QrTaskView key={shown.taskId} taskId={shown.taskId} startedAt={shown.startedAt} />
        ) : (
          <div className="stage-empty">
            <p>{t('qr.empty')}</p>
          </div>
        )
      }
      history={<TaskHistoryList bizType={QR_BIZ_TYPE} title={t('history.title')} activeTaskId={shown?.taskId ?? null} onSelect={onSelect} />}
    />
  );
}
