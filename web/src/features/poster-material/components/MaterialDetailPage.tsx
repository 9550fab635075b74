import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { BlobImage } from '../../../components/BlobImage';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { isApiError } from '../../../lib/api/client';
import { useDeletePosterAsset, usePosterAsset } from '../../../lib/api/posterAssets';
import { formatDateTime } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { formatBytes } from '../filters';
import { useHasTenant } from '../useTenant';
import { MaterialEditForm } from './MaterialEditForm';
import './material.css';

/** The poster editor that opens with a material placed: /modi-poster on a desktop, the phone's template library. */
export const posterPathFor = (assetId: string, mobile: boolean) => `${mobile ? '/template' : '/modi-poster'}?asset=${encodeURIComponent(assetId)}`;

/**
 * /modi-poster-material/{id}: one material large, its facts, and what its
 * owner may do (rename, kind, share, delete); anyone who sees it may use
 * it in a poster.
 */
export function MaterialDetailPage({ id, mobile = false }: { id: string; mobile?: boolean }) {
  const { t, lang } = useI18n();
  const navigate = useNavigate();
  const { user } = useSession();
  const tenant = useHasTenant();
  const asset = usePosterAsset(id, !!user);
  const remove = useDeletePosterAsset();
  const [confirming, setConfirming] = useState(false);
  const a = asset.data;

  const confirmDelete = () =>
    remove.mutate(id, {
      onSuccess: () => {
        toast.success(t('material.deleted'));
        navigate('/modi-poster-material', { replace: true });
      },
      onSettled: () => setConfirming(false),
    });

  return (
    <div className={mobile ? 'page material-page mobile' : 'page material-page'} data-testid="material-detail-page">
      <div className="material-detail-head">
        <Link className="button small" to="/modi-poster-material" data-testid="material-back">
          {t('material.back')}
        </Link>
        <h1 data-testid="material-detail-name">{a?.name ?? t('material.title')}</h1>
      </div>
      {!user ? null : asset.isPending ? (
        <p className="muted">{t('material.loading')}</p>
      ) : !a && !(isApiError(asset.error) && asset.error.status === 404) ? (
        <p className="muted" role="alert" data-testid="material-error">
          {t('material.loadFailed')}
        </p>
      ) : !a ? (
        <p className="muted" role="alert" data-testid="material-not-found">
          {t('material.notFound')}
        </p>
      ) : (
        <div className="material-detail panel" data-testid="material-detail" data-asset-id={a.id}>
          <div className="material-preview checkerboard">
            <BlobImage url={a.url} alt={a.name} data-testid="material-preview" />
          </div>
          <div className="material-info">
            <dl className="material-facts">
              <dt>{t('material.add.kind')}</dt>
              <dd data-testid="material-detail-kind">{t(`material.kind.${a.contentType}`)}</dd>
              <dt>{t('material.size')}</dt>
              <dd>
                {a.width}×{a.height}
              </dd>
              <dt>{t('material.fileSize')}</dt>
              <dd>{formatBytes(a.sizeBytes)}</dd>
              <dt>{t('material.created')}</dt>
              <dd>{formatDateTime(a.createdAt, lang)}</dd>
              <dt>{t('material.updated')}</dt>
              <dd>{formatDateTime(a.updatedAt, lang)}</dd>
              <dt>{t('material.owner')}</dt>
              <dd data-testid="material-owner">
                {a.mine ? t('material.owner.mine') : t('material.owner.team')}
                {a.shared && <span className="material-badge inline">{t('material.shared')}</span>}
              </dd>
            </dl>
            <button type="button" className="button primary block" data-testid="material-use" onClick={() => navigate(posterPathFor(a.id, mobile))}>
              {t('material.useInPoster')}
            </button>
            {a.mine ? (
              <>
                <MaterialEditForm key={`${a.id}:${a.updatedAt}`} asset={a} canShare={tenant} />
                <button type="button" className="button ghost danger" data-testid="material-delete" onClick={() => setConfirming(true)}>
                  {t('material.delete')}
                </button>
              </>
            ) : (
              <p className="muted small" data-testid="material-read-only">
                {t('material.edit.readOnly')}
              </p>
            )}
          </div>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('material.deleteTitle')}
        message={t('material.deleteConfirm', { name: a?.name ?? '' })}
        confirmLabel={t('material.delete')}
        cancelLabel={t('material.cancel')}
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setConfirming(false)}
        testId="material-confirm"
        variant={mobile ? 'mobile' : 'desktop'}
      />
    </div>
  );
}
