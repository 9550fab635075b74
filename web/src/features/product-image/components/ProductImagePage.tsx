import { CapabilityGate } from '../../../components/CapabilityGate';
import { ImageUploader } from '../../../components/ImageUploader';
import { ProductImageTaskView } from '../../../components/ProductImageTaskView';
import { TaskWorkspace } from '../../../components/TaskWorkspace';
import { useI18n, type MessageKey } from '../../../lib/i18n';
import { useAllowsCustomColour } from '../../../lib/plans';
import { limitsOf, priceOf, useTaskTypes } from '../../../lib/taskTypes';
import { useTaskForm } from '../../../lib/useTaskForm';
import {
  buildParams,
  genNumOf,
  initialForm,
  PRODUCT_IMAGE_BIZ_TYPE,
  PRODUCT_LIMITS,
  resultFileName,
  usesCustomColour,
  type ProductForm,
  type ProductParams,
  type ProductRouteKey,
} from '../constants';
import { ProductSettings } from './ProductSettings';

/** Paid tiers (anything but free) may use custom colours (lib/plans). */
export { useAllowsCustomColour };

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
  const { taskTypes } = useTaskTypes();
  // The erode default and the bounds are the server's: the form cannot be sent without them.
  const limits = limitsOf(taskTypes, PRODUCT_IMAGE_BIZ_TYPE, PRODUCT_LIMITS);
  const page = useTaskForm<ProductForm, ProductParams>({
    bizType: PRODUCT_IMAGE_BIZ_TYPE,
    initial: () => initialForm(route),
    build: (form) => {
      if (usesCustomColour(form.background) && !allowsCustomColour) return { missing: t('productImage.customColourMembers') };
      if (!limits) return { missing: t('workspace.limitsLoading') };
      const built = buildParams(form, limits);
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
      options={<ProductSettings form={page.form} limits={limits} onChange={page.setForm} allowsCustomColour={allowsCustomColour} />}
      bizType={PRODUCT_IMAGE_BIZ_TYPE}
      page={page}
      cost={limits && priceOf(taskTypes, PRODUCT_IMAGE_BIZ_TYPE, { images: genNumOf(page.form, limits) })}
      disabled={!limits}
      renderTask={(shown) => (
        <ProductImageTaskView taskId={shown.taskId} beforeUrl={shown.beforeUrl} startedAt={shown.startedAt} className="product-results" fileName={resultFileName} />
      )}
      empty={t('productImage.empty')}
    />
  );
}
