import { CapabilityGate } from '../../../components/CapabilityGate';
import { ImageUploader } from '../../../components/ImageUploader';
import { CountSelect, RangeField } from '../../../components/OptionFields';
import { TaskWorkspace } from '../../../components/TaskWorkspace';
import { useI18n } from '../../../lib/i18n';
import { limitsOf, priceOf, useTaskTypes } from '../../../lib/taskTypes';
import { useTaskForm } from '../../../lib/useTaskForm';
import { QR_BIZ_TYPE, QR_LIMITS, buildQrParams, contentFits, initialQrForm, type QrForm, type QrParams } from '../constants';
import { QrTaskView } from './QrTaskView';
import { ShapePicker } from './ShapePicker';

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
  const { taskTypes } = useTaskTypes();
  // topN's default and the text capacity are the server's: the form cannot be sent without them.
  const limits = limitsOf(taskTypes, QR_BIZ_TYPE, QR_LIMITS);
  const page = useTaskForm<QrForm, QrParams>({
    bizType: QR_BIZ_TYPE,
    initial: initialQrForm,
    build: (form) => {
      if (!limits) return { missing: t('workspace.limitsLoading') };
      const built = buildQrParams(form, limits);
      return 'missing' in built ? { missing: t(built.missing) } : built;
    },
  });
  const { form, set } = page;

  const tooLong = !!limits && form.content.trim() !== '' && !contentFits(form.content, limits);
  return (
    <TaskWorkspace
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
              onChange={(e) => set('content')(e.target.value)}
            />
            {tooLong && (
              <small className="field-error" role="alert" data-testid="qr-content-error">
                {t('qr.contentTooLong')}
              </small>
            )}
          </label>
          <ImageUploader previewUrl={page.previews.imageUrl ?? null} onUploaded={page.upload('imageUrl')} />
        </div>
      }
      options={
        <div className="options qr-options">
          <ShapePicker value={form.shape} onChange={set('shape')} />
          <RangeField
            label={t('qr.strength')}
            valueLabel={<span data-testid="qr-strength-value">{form.strength}</span>}
            testId="qr-strength"
            min={0}
            max={100}
            step={1}
            value={form.strength}
            onChange={set('strength')}
            hint={t('qr.strength.hint')}
          />
          <CountSelect
            label={t('qr.topN')}
            testId="qr-topN"
            max={limits?.topNMax ?? null}
            value={limits ? Math.min(form.topN ?? limits.topNDefault, limits.topNMax) : null}
            onChange={set('topN')}
          />
        </div>
      }
      bizType={QR_BIZ_TYPE}
      page={page}
      cost={priceOf(taskTypes, QR_BIZ_TYPE)}
      disabled={!limits}
      renderTask={(shown) => <QrTaskView taskId={shown.taskId} startedAt={shown.startedAt} />}
      empty={t('qr.empty')}
    />
  );
}
