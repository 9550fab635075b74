import { CapabilityGate } from '../../../components/CapabilityGate';
import { ImageUploader } from '../../../components/ImageUploader';
import { ProductImageTaskView } from '../../../components/ProductImageTaskView';
import { TaskWorkspace } from '../../../components/TaskWorkspace';
import { useI18n, type MessageKey } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useTaskForm } from '../../../lib/useTaskForm';
import {
  buildParams,
  costOf,
  initialForm,
  PRODUCT_IMAGE_BIZ_TYPE,
  resultFileName,
  usesCustomColour,
  type ProductForm,
  type ProductParams,
  type ProductRouteKey,
} from '../constants';
import { ProductSettings } from './ProductSettings';

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
  const allowsCustomColour = useAllowsCustomColour();
  const page = useTaskForm<ProductForm, ProductParams>({
    bizType: PRODUCT_IMAGE_BIZ_TYPE,
    initial: () => initialForm(route),
    build: (form) => {
      if (usesCustomColour(form.background) && !allowsCustomColour) return { missing: t('productImage.customColourMembers') };
      const built = buildParams(form);
      return 'missing' in built ? { missing: t(built.missing as MessageKey) } : built;
    },
    beforeField: 'imageUrl',
  });

  return (
    <TaskWorkspace
      className="product-image-page"
      title={t(`${route}.title` as MessageKey)}
      subtitle={t('productImage.subtitle')}
      upload={<ImageUploader previewUrl={page.previews.imageUrl ?? null} onUploaded={page.upload('imageUrl')} />}
      options={<ProductSettings form={page.form} onChange={page.setForm} allowsCustomColour={allowsCustomColour} />}
      bizType={PRODUCT_IMAGE_BIZ_TYPE}
      page={page}
      cost={costOf(page.form)}
      renderTask={(shown) => (
        <ProductImageTaskView taskId={shown.taskId} beforeUrl={shown.beforeUrl} startedAt={shown.startedAt} className="product-results" fileName={resultFileName} />
      )}
      empty={t('productImage.empty')}
    />
  );
}
