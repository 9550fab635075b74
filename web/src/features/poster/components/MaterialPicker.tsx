import { useState } from 'react';
import { Link } from 'react-router';
import { BlobImage } from '../../../components/BlobImage';
import { Modal } from '../../../components/Modal';
import { ASSET_LOGO, loadAssetPhoto, usePosterAssets, type PosterAsset } from '../../../lib/api/posterAssets';
import { useI18n } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';

export interface PickedPhoto {
  /** The upload's address, as an upload would give it (a poster's `images`). */
  url: string;
  /** A local object URL of the picture, for the preview. */
  preview: string;
}

interface Props {
  open: boolean;
  /** A logo slot lists logos only. */
  logo: boolean;
  mobile?: boolean;
  onClose: () => void;
  onPick: (photo: PickedPhoto, asset: PosterAsset) => void;
  pageSize?: number;
}

/**
 * "From my materials": the library (own and team materials, newest first,
 * a page at a time by cursor) in a dialog, a bottom sheet on phones; a
 * choice fills the slot exactly as an upload of that picture would.
 */
export function MaterialPicker({ open, logo, mobile = false, onClose, onPick, pageSize }: Props) {
  const { t } = useI18n();
  const { user } = useSession();
  const list = usePosterAssets(logo ? { contentType: ASSET_LOGO } : {}, open && !!user, pageSize);
  const [placing, setPlacing] = useState<string | null>(null);

  const choose = async (asset: PosterAsset) => {
    if (placing) return;
    setPlacing(asset.id);
    try {
      onPick(await loadAssetPhoto(asset), asset);
      onClose();
    } catch {
      toast.error(t('material.pick.failed'));
    } finally {
      setPlacing(null);
    }
  };

  return (
    <Modal
      open={open}
      title={logo ? t('material.pick.titleLogo') : t('material.pick.title')}
      onClose={onClose}
      closeLabel={t('material.cancel')}
      testId="material-picker"
      variant={mobile ? 'mobile' : 'desktop'}
      className="material-picker"
    >
      {list.isPending ? (
        <p className="muted">{t('material.loading')}</p>
      ) : list.isError && list.items.length === 0 ? (
        <p className="muted" role="alert" data-testid="picker-error">
          {t('material.loadFailed')}
        </p>
      ) : list.items.length === 0 ? (
        <p className="muted" data-testid="picker-empty">
          {t('material.pick.empty')}
        </p>
      ) : (
        <ul className="material-picker-grid">
          {list.items.map((a) => (
            <li key={a.id}>
              <button
                type="button"
                className="material-picker-item"
                data-testid="picker-item"
                data-asset-id={a.id}
                disabled={placing !== null}
                aria-busy={placing === a.id}
                title={a.name}
                onClick={() => void choose(a)}
              >
                <span className="material-picker-thumb checkerboard">
                  <BlobImage url={a.url} alt={a.name} loading="lazy" />
                </span>
                <span className="material-picker-name">{placing === a.id ? t('material.pick.placing') : a.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="material-picker-foot">
        {list.hasNextPage && (
          <button type="button" className="button small" data-testid="picker-load-more" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            {list.isFetchingNextPage ? t('material.loadingMore') : t('material.loadMore')}
          </button>
        )}
        <Link className="button small ghost" to="/modi-poster-material" data-testid="picker-manage">
          {t('material.pick.manage')}
        </Link>
      </div>
    </Modal>
  );
}
