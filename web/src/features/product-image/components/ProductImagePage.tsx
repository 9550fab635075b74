import { useEffect, useRef, useState } from 'react';
import { CapabilityGate } from '../../../components/CapabilityGate';
import { GenerationWorkspace } from '../../../components/GenerationWorkspace';
import { ImageUploader, type UploadedImage } from '../../../components/ImageUploader';
import { TaskHistoryList } from '../../../components/TaskHistoryList';
import type { Task } from '../../../lib/api/tasks';
import { useI18n, type MessageKey } from '../../../lib/i18n';
import { useRequireLogin, useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useCreateProductImage } from '../api/createProductImage';
import { buildParams, costOf, initialForm, PRODUCT_IMAGE_BIZ_TYPE, usesCustomColour, type ProductForm, type ProductRouteKey } from '../constants';
import { BackgroundPicker } from './BackgroundPicker';
import { ProductOptions } from './ProductOptions';
import { ProductTaskView } from './ProductTaskView';

interface ShownTask {
  taskId: string;
  beforeUrl: string | null;
  startedAt: number;
}

/** Paid tiers (anything but free) may use custom colours. */
export function useAllowsCustomColour(): boolean {
  const { productType } = useSession();
  return !!productType && productType !== 'free';
}

/** /ai-product-image. */
export function ProductImagePage() {
  return (
    <CapabilityGate bizType={PRODUCT_IMAGE_BIZ_TYPE}>
      <ProductWorkspace route="productImage" />
    </CapabilityGate>
  );
}

/** /product-bg: the same page, a template scene and two variants by default. */
export function ProductBgPage() {
  return (
    <CapabilityGate bizType={PRODUCT_IMAGE_BIZ_TYPE}>
      <ProductWorkspace route="productBg" />
    </CapabilityGate>
  );
}

function ProductWorkspace({ route }: { route: ProductRouteKey }) {
  const { t } = useI18n();
  const { user } = useSession();
  const requireLogin = useRequireLogin();
  const allowsCustomColour = useAllowsCustomColour();
  const create = useCreateProductImage();
  const [form, setForm] = useState<ProductForm>(() => initialForm(route));
  const [preview, setPreview] = useState<string | null>(null);
  const [shown, setShown] = useState<ShownTask | null>(null);
  const objectUrls = useRef<string[]>([]);

  useEffect(() => {
    const urls = objectUrls.current;
    return () => urls.forEach((u) => URL.revokeObjectURL(u));
  }, []);

  // Another user (or none) means another history: forget what is shown.
  const userId = user?.id ?? null;
  const [seenUser, setSeenUser] = useState(userId);
  if (seenUser !== userId) {
    setSeenUser(userId);
    setShown(null);
    setForm(initialForm(route));
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
    if (usesCustomColour(form.background) && !allowsCustomColour) {
      toast.warning(t('productImage.customColourMembers'));
      return;
    }
    const built = buildParams(form);
    if ('missing' in built) {
      toast.warning(t(built.missing as MessageKey));
      return;
    }
    const beforeUrl = preview;
    create.submit(built.params, (taskId) => setShown({ taskId, beforeUrl, startedAt: Date.now() }));
  };

  const onSelect = (task: Task) => {
    if (shown?.taskId === task.taskId) return;
    const created = task.createdAt ? new Date(task.createdAt).getTime() : NaN;
    setShown({ taskId: task.taskId, beforeUrl: null, startedAt: Number.isNaN(created) ? Date.now() : created });
  };

  return (
    <GenerationWorkspace
      className="product-image-page"
      title={t(`${route}.title` as MessageKey)}
      subtitle={t('productImage.subtitle')}
      upload={<ImageUploader previewUrl={preview} onUploaded={onUploaded} />}
      options={
        <>
          <BackgroundPicker
            value={form.background}
            allowsCustomColour={allowsCustomColour}
            onChange={(background) => setForm((f) => ({ ...f, background }))}
          />
          <ProductOptions form={form} onChange={setForm} />
        </>
      }
      generate={{ cost: costOf(form), pending: create.isPending, onGenerate }}
      stage={
        shown ? (
          <ProductTaskView key={shown.taskId} taskId={shown.taskId} beforeUrl={shown.beforeUrl} startedAt={shown.startedAt} />
        ) : (
          <div className="stage-empty">
            <p>{t('productImage.empty')}</p>
          </div>
        )
      }
      history={
        <TaskHistoryList bizType={PRODUCT_IMAGE_BIZ_TYPE} title={t('history.title')} activeTaskId={shown?.taskId ?? null} onSelect={onSelect} />
      }
    />
  );
}
