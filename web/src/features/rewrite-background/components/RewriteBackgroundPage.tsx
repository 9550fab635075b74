import { CapabilityGate } from '../../../components/CapabilityGate';
import { ImageUploader } from '../../../components/ImageUploader';
import { CheckboxField, CountSelect, RangeField, RatioSelect, SelectField } from '../../../components/OptionFields';
import { ProductImageTaskView } from '../../../components/ProductImageTaskView';
import { ErodeField } from '../../../components/ErodeField';
import { TaskWorkspace } from '../../../components/TaskWorkspace';
import { useI18n, type MessageKey } from '../../../lib/i18n';
import { limitsOf, priceOf, useTaskTypes } from '../../../lib/taskTypes';
import { useTaskForm } from '../../../lib/useTaskForm';
import {
  buildRewriteParams,
  initialRewriteForm,
  MODES,
  RATIOS,
  resultFileName,
  REWRITE_BG_BIZ_TYPE,
  REWRITE_LIMITS,
  rewriteGenNum,
  type RewriteBgForm,
  type RewriteBgParams,
} from '../constants';

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
  const { taskTypes } = useTaskTypes();
  // The erode default and the bounds are the server's: the form cannot be sent without them.
  const limits = limitsOf(taskTypes, REWRITE_BG_BIZ_TYPE, REWRITE_LIMITS);
  const page = useTaskForm<RewriteBgForm, RewriteBgParams>({
    bizType: REWRITE_BG_BIZ_TYPE,
    initial: initialRewriteForm,
    build: (form) => {
      if (!limits) return { missing: t('workspace.limitsLoading') };
      const built = buildRewriteParams(form, limits);
      return 'missing' in built ? { missing: t(built.missing as MessageKey) } : built;
    },
    // Before/after: the reference scene is the "before" of a replication.
    beforeField: 'referenceUrl',
  });
  const { form, set } = page;

  return (
    <TaskWorkspace
      className="rewrite-background-page"
      title={t('rewriteBg.title')}
      subtitle={t('rewriteBg.subtitle')}
      upload={
        <div className="rewrite-uploads">
          <div data-testid="upload-product">
            <p className="field-label">{t('rewriteBg.product')}</p>
            <ImageUploader previewUrl={page.previews.imageUrl ?? null} onUploaded={page.upload('imageUrl')} />
          </div>
          <div data-testid="upload-reference">
            <p className="field-label">{t('rewriteBg.reference')}</p>
            <ImageUploader previewUrl={page.previews.referenceUrl ?? null} onUploaded={page.upload('referenceUrl')} />
          </div>
        </div>
      }
      options={
        <div className="options rewrite-options" data-testid="rewrite-options">
          <SelectField
            label={t('rewriteBg.mode')}
            testId="option-mode"
            options={MODES}
            value={form.mode}
            optionLabel={(m) => t(`rewriteBg.mode.${m}` as MessageKey)}
            onChange={set('mode')}
          />
          {form.mode === 'ACCURATE_REPLICATION' && (
            <CheckboxField label={t('rewriteBg.removeSubject')} testId="option-removeSubject" checked={form.removeSubject} onChange={set('removeSubject')} />
          )}
          {form.mode === 'STYLE_IMITATION' && (
            <RangeField
              label={t('rewriteBg.denoising')}
              valueLabel={form.denoisingStrength.toFixed(2)}
              testId="option-denoising"
              min={0}
              max={1}
              step={0.05}
              value={form.denoisingStrength}
              onChange={set('denoisingStrength')}
            />
          )}
          <ErodeField value={form.erodeSize} limits={limits} onChange={set('erodeSize')} />
          <RatioSelect label={t('productImage.ratio')} originalLabel={t('productImage.ratio.original')} options={RATIOS} value={form.ratio} onChange={set('ratio')} />
          <CountSelect
            label={t('productImage.genNum')}
            testId="option-genNum"
            max={limits?.genNumMax ?? null}
            value={limits ? rewriteGenNum(form, limits) : null}
            onChange={set('genNum')}
          />
        </div>
      }
      bizType={REWRITE_BG_BIZ_TYPE}
      page={page}
      cost={limits && priceOf(taskTypes, REWRITE_BG_BIZ_TYPE, { images: rewriteGenNum(form, limits) })}
      disabled={!limits}
      renderTask={(shown) => (
        <ProductImageTaskView taskId={shown.taskId} beforeUrl={shown.beforeUrl} startedAt={shown.startedAt} className="rewrite-results" fileName={resultFileName} />
      )}
      empty={t('rewriteBg.empty')}
    />
  );
}
