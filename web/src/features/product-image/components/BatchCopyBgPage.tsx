import { useState } from 'react';
import { CapabilityGate } from '../../../components/CapabilityGate';
import { GenerationWorkspace } from '../../../components/GenerationWorkspace';
import { ProductImageTaskView } from '../../../components/ProductImageTaskView';
import { useI18n, type MessageKey } from '../../../lib/i18n';
import { useRequireLogin, useSession } from '../../../lib/session';
import { globalLimitOf, limitsOf, priceOf, useTaskTypes } from '../../../lib/taskTypes';
import { toast } from '../../../lib/toast';
import type { ImageSize } from '../../../lib/uploadRules';
import { useCreateProductBatch } from '../api/createProductBatch';
import {
  allowsBatch,
  batchLimit,
  buildParams,
  genNumOf,
  initialForm,
  PRODUCT_IMAGE_BIZ_TYPE,
  PRODUCT_LIMITS,
  resultFileName,
  usesCustomColour,
  type ProductForm,
  type ProductParams,
} from '../constants';
import { useBatchUploads } from '../useBatchUploads';
import { BatchDownloadAll } from './BatchDownloadAll';
import { BatchTierNotice } from '../../../components/BatchTierNotice';
import { BatchUploader } from './BatchUploader';
import { useAllowsCustomColour } from './ProductImagePage';
import { ProductSettings } from './ProductSettings';
import './batch.css';

/** /batch-copy-bg: one background setting over many products (flagship+). */
export function BatchCopyBgPage({ readSize }: { readSize?: (file: Blob) => Promise<ImageSize> } = {}) {
  return (
    <CapabilityGate bizType={PRODUCT_IMAGE_BIZ_TYPE}>
      <BatchWorkspace readSize={readSize} />
    </CapabilityGate>
  );
}

interface SubmittedBatch {
  batchId: string;
  tasks: { id: string; preview: string | null }[];
  startedAt: number;
}

function BatchWorkspace({ readSize }: { readSize?: (file: Blob) => Promise<ImageSize> }) {
  const { t } = useI18n();
  const { user, productType } = useSession();
  const { taskTypes } = useTaskTypes();
  const requireLogin = useRequireLogin();
  const allowsCustomColour = useAllowsCustomColour();
  const create = useCreateProductBatch();
  // The batch size, the erode default and the bounds are the server's: nothing is taken or sent without them.
  const max = batchLimit(globalLimitOf(taskTypes, 'maxBatchItems'));
  const limits = limitsOf(taskTypes, PRODUCT_IMAGE_BIZ_TYPE, PRODUCT_LIMITS);
  const uploads = useBatchUploads(max ?? 0, readSize);
  const [form, setForm] = useState<ProductForm>(() => initialForm('productBg'));
  const [batch, setBatch] = useState<SubmittedBatch | null>(null);

  const onFiles = (files: File[]) => {
    if (max === null) {
      toast.warning(t('workspace.limitsLoading'));
      return;
    }
    const left = uploads.add(files);
    if (left > 0) toast.warning(t('batchCopyBg.tooMany', { max, n: left }));
  };

  const onGenerate = () => {
    if (!requireLogin()) return;
    if (!limits) {
      toast.warning(t('workspace.limitsLoading'));
      return;
    }
    if (!allowsBatch(productType)) {
      toast.warning(t('batchCopyBg.needFlagship'));
      return;
    }
    if (usesCustomColour(form.background) && !allowsCustomColour) {
      toast.warning(t('productImage.customColourMembers'));
      return;
    }
    if (uploads.uploading) {
      toast.warning(t('upload.inProgress'));
      return;
    }
    const products = uploads.ready;
    const items: ProductParams[] = [];
    for (const p of products) {
      const built = buildParams(form, limits, p.url);
      if ('missing' in built) {
        toast.warning(t(built.missing as MessageKey));
        return;
      }
      items.push(built.params);
    }
    if (items.length === 0) {
      toast.warning(t('productImage.needImage'));
      return;
    }
    create.mutate(items, {
      onSuccess: (b) =>
        setBatch({
          batchId: b.batchId,
          tasks: b.taskIds.map((id, i) => ({ id, preview: products[i]?.preview ?? null })),
          startedAt: Date.now(),
        }),
    });
  };

  return (
    <GenerationWorkspace
      className="product-image-page batch-copy-bg-page"
      title={t('batchCopyBg.title')}
      subtitle={t('batchCopyBg.subtitle')}
      upload={
        <>
          <BatchTierNotice productType={productType} signedIn={!!user} />
          <BatchUploader items={uploads.items} max={max} onFiles={onFiles} onRemove={uploads.remove} />
        </>
      }
      options={<ProductSettings form={form} limits={limits} onChange={setForm} allowsCustomColour={allowsCustomColour} />}
      generate={{
        cost: limits && priceOf(taskTypes, PRODUCT_IMAGE_BIZ_TYPE, { images: genNumOf(form, limits), products: uploads.ready.length }),
        disabled: !limits,
        pending: create.isPending,
        onGenerate,
      }}
      stage={
        batch ? (
          <>
            <BatchDownloadAll batchId={batch.batchId} taskIds={batch.tasks.map((x) => x.id)} />
            <div className="batch-results" data-testid="batch-results">
              {batch.tasks.map((task) => (
                <ProductImageTaskView
                  key={task.id}
                  taskId={task.id}
                  beforeUrl={task.preview}
                  startedAt={batch.startedAt}
                  className="product-results"
                  fileName={resultFileName}
                />
              ))}
            </div>
          </>
        ) : (
          <div className="stage-empty">
            <p>{t('productImage.empty')}</p>
          </div>
        )
      }
    />
  );
}
