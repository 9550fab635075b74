import { useState } from 'react';
import { CapabilityGate } from '../../../components/CapabilityGate';
import { GenerationWorkspace } from '../../../components/GenerationWorkspace';
import { ImageUploader, type UploadedImage } from '../../../components/ImageUploader';
import { ProductImageTaskView } from '../../../components/ProductImageTaskView';
import { useI18n, type MessageKey } from '../../../lib/i18n';
import { useRequireLogin, useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useCreateProductBatch } from '../api/createProductBatch';
import {
  buildParams,
  costOf,
  initialForm,
  PRODUCT_IMAGE_BIZ_TYPE,
  resultFileName,
  usesCustomColour,
  type ProductForm,
  type ProductParams,
} from '../constants';
import { useAllowsCustomColour } from './ProductImagePage';
import { ProductSettings } from './ProductSettings';

interface Product {
  url: string;
  preview: string;
}

/** /batch-copy-bg: one background setting over many products (flagship+). */
export function BatchCopyBgPage() {
  return (
    <CapabilityGate bizType={PRODUCT_IMAGE_BIZ_TYPE}>
      <BatchWorkspace />
    </CapabilityGate>
  );
}

function BatchWorkspace() {
  const { t } = useI18n();
  const { productType } = useSession();
  const requireLogin = useRequireLogin();
  const allowsCustomColour = useAllowsCustomColour();
  const create = useCreateProductBatch();
  const [form, setForm] = useState<ProductForm>(() => initialForm('productBg'));
  const [products, setProducts] = useState<Product[]>([]);
  const [taskIds, setTaskIds] = useState<{ id: string; preview: string | null; startedAt: number }[]>([]);
  const flagship = productType === 'flagship' || productType === 'enterprise';

  const onUploaded = ({ url, file }: UploadedImage) => {
    setProducts((p) => [...p, { url, preview: URL.createObjectURL(file) }]);
  };

  const onGenerate = () => {
    if (!requireLogin()) return;
    if (!flagship) {
      toast.warning(t('batchCopyBg.needFlagship'));
      return;
    }
    if (usesCustomColour(form.background) && !allowsCustomColour) {
      toast.warning(t('productImage.customColourMembers'));
      return;
    }
    const items: ProductParams[] = [];
    for (const p of products) {
      const built = buildParams(form, p.url);
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
    const previews = products.map((p) => p.preview);
    create.mutate(items, {
      onSuccess: (b) => setTaskIds(b.taskIds.map((id, i) => ({ id, preview: previews[i] ?? null, startedAt: Date.now() }))),
    });
  };

  return (
    <GenerationWorkspace
      className="product-image-page batch-copy-bg-page"
      title={t('batchCopyBg.title')}
      subtitle={t('batchCopyBg.subtitle')}
      upload={
        <div data-testid="batch-products">
          <p className="muted">{t('batchCopyBg.products', { n: products.length })}</p>
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: 6 }}>
            {products.map((p) => (
              <img key={p.url} src={p.preview} alt="" width={64} height={64} style={{ objectFit: 'cover', borderRadius: 4 }} data-testid="batch-product" />
            ))}
          </div>
          <ImageUploader previewUrl={null} onUploaded={onUploaded} />
        </div>
      }
      options={<ProductSettings form={form} onChange={setForm} allowsCustomColour={allowsCustomColour} />}
      generate={{ cost: costOf(form, products.length), pending: create.isPending, onGenerate }}
      stage={
        taskIds.length > 0 ? (
          <div className="batch-results" data-testid="batch-results">
            {taskIds.map((task) => (
              <ProductImageTaskView
                key={task.id}
                taskId={task.id}
                beforeUrl={task.preview}
                startedAt={task.startedAt}
                className="product-results"
                fileName={resultFileName}
              />
            ))}
          </div>
        ) : (
          <div className="stage-empty">
            <p>{t('productImage.empty')}</p>
          </div>
        )
      }
    />
  );
}
