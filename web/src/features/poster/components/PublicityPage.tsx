import { useState } from 'react';
import { CapabilityGate } from '../../../components/CapabilityGate';
import { ImageUploader } from '../../../components/ImageUploader';
import { TaskStatusView } from '../../../components/TaskStatusView';
import { useI18n } from '../../../lib/i18n';
import { useRequireLogin, useSession } from '../../../lib/session';
import { globalLimitOf, limitOf, priceOf, useTaskTypes } from '../../../lib/taskTypes';
import { toast } from '../../../lib/toast';
import { allowsBatch, batchLimit } from '../../../lib/plans';
import { BatchTierNotice } from '../../../components/BatchTierNotice';
import { useCreatePosterBatch, type CreatedPosterBatch } from '../api';
import { POSTER_BIZ_TYPE, POSTER_FORMATS, productSlots, textFits, type PosterFormat, type PosterParams } from '../constants';
import { setProductPhoto, useProductPhoto } from '../session';
import type { PosterTemplateEntry, TextRole } from '../template';
import { usePicture } from '../usePicture';
import { PosterResult } from './PosterResult';
import { TemplatePicker } from './TemplatePicker';
import './poster.css';

const ROLES: readonly TextRole[] = ['title', 'subtitle', 'price'];

/** /customized-publicity: one product in several templates at once (a batch, flagship tier). */
export function PublicityPage() {
  return (
    <CapabilityGate bizType={POSTER_BIZ_TYPE}>
      <PublicityWorkspace />
    </CapabilityGate>
  );
}

function PublicityWorkspace() {
  const { t } = useI18n();
  const { user, productType } = useSession();
  const requireLogin = useRequireLogin();
  const { taskTypes } = useTaskTypes();
  const create = useCreatePosterBatch();
  const product = useProductPhoto();
  const productPic = usePicture(product?.preview);
  const max = batchLimit(globalLimitOf(taskTypes, 'maxBatchItems'));
  const maxChars = limitOf(taskTypes, POSTER_BIZ_TYPE, 'textMaxChars');
  const [chosen, setChosen] = useState<PosterTemplateEntry[]>([]);
  const [words, setWords] = useState<Record<string, string>>({});
  const [format, setFormat] = useState<PosterFormat>('png');
  const [batch, setBatch] = useState<(CreatedPosterBatch & { startedAt: number; names: string[] }) | null>(null);

  const toggle = (e: PosterTemplateEntry) => {
    if (chosen.some((c) => c.id === e.id)) {
      setChosen(chosen.filter((c) => c.id !== e.id));
      return;
    }
    if (max === null) {
      toast.warning(t('workspace.limitsLoading'));
      return;
    }
    if (chosen.length >= max) {
      toast.warning(t('publicity.tooMany', { max }));
      return;
    }
    setChosen([...chosen, e]);
  };

  const onGenerate = () => {
    if (!requireLogin()) return;
    if (!allowsBatch(productType)) {
      toast.warning(t('batchCopyBg.needFlagship'));
      return;
    }
    if (!product) {
      toast.warning(t('poster.needProduct'));
      return;
    }
    if (chosen.length === 0) {
      toast.warning(t('publicity.needTemplates'));
      return;
    }
    if (Object.values(words).some((w) => !textFits(w, maxChars))) {
      toast.warning(t('poster.textTooLong', { n: maxChars ?? 0 }));
      return;
    }
    const items: PosterParams[] = chosen.map((e) => {
      const texts: Record<string, string> = {};
      for (const l of e.template.layers) {
        if (l.type === 'text' && ROLES.includes(l.role) && words[l.role]?.trim()) texts[l.id] = (words[l.role] as string).trim();
      }
      const images = Object.fromEntries(productSlots(e.template).map((id) => [id, product.url]));
      const own = !!e.source && e.source !== 'library';
      return { templateId: e.id, format, images, ...(own ? { template: e.template } : {}), ...(Object.keys(texts).length ? { texts } : {}) };
    });
    create.mutate(items, { onSuccess: (b) => setBatch({ ...b, startedAt: Date.now(), names: chosen.map((c) => c.name) }) });
  };

  const cost = priceOf(taskTypes, POSTER_BIZ_TYPE, { products: chosen.length });
  return (
    <div className="page poster-page publicity-page">
      <header className="page-header">
        <h1>{t('publicity.title')}</h1>
        <p className="muted">{t('publicity.subtitle')}</p>
      </header>
      <div className="poster-workspace">
        <section className="panel poster-publicity-controls">
          <BatchTierNotice productType={productType} signedIn={!!user} />
          <h3>{t('poster.product')}</h3>
          <ImageUploader previewUrl={product?.preview ?? null} onUploaded={({ url, file }) => setProductPhoto({ url, preview: URL.createObjectURL(file) })} />
          {ROLES.map((role) => (
            <label key={role} className="field">
              <span>{t(`poster.role.${role}`)}</span>
              <input type="text" data-testid={`publicity-${role}`} value={words[role] ?? ''} placeholder={t('publicity.keepDefault')} onChange={(e) => setWords({ ...words, [role]: e.target.value })} />
            </label>
          ))}
          <label className="field">
            <span>{t('poster.format')}</span>
            <select value={format} onChange={(e) => setFormat(e.target.value as PosterFormat)}>
              {POSTER_FORMATS.map((f) => (
                <option key={f} value={f}>
                  {f.toUpperCase()}
                </option>
              ))}
            </select>
          </label>
          <p className="muted" data-testid="publicity-count">
            {t('publicity.chosen', { n: chosen.length, max: max ?? '–' })}
          </p>
          <button type="button" className="button primary block large" data-testid="generate-button" disabled={create.isPending || max === null} onClick={onGenerate}>
            <span>{create.isPending ? t('workspace.generating') : t('publicity.generate')}</span>
            {cost !== null && chosen.length > 0 && <span className="cost">{t('workspace.cost', { n: cost })}</span>}
          </button>
        </section>
        <section className="panel poster-picker-panel wide">
          <TemplatePicker selected={chosen.map((c) => c.id)} product={productPic} thumbWidth={132} onPick={toggle} />
        </section>
      </div>
      {batch && (
        <section className="panel poster-batch" data-testid="batch-results">
          <h3>{t('publicity.results', { n: batch.total })}</h3>
          <div className="poster-batch-grid">
            {batch.taskIds.map((id, i) => (
              <div key={id} className="poster-batch-item">
                <p className="poster-template-name">{batch.names[i]}</p>
                <TaskStatusView taskId={id} startedAt={batch.startedAt} showStatus text={{ generating: t('poster.generating'), failed: t('poster.failed') }}>
                  {(task) => <PosterResult task={task} />}
                </TaskStatusView>
              </div>
            ))}
          </div>
        </section>
      )}
    </div>
  );
}
