import { useState } from 'react';
import { BlobImage } from '../../../components/BlobImage';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DownloadButton } from '../../../components/DownloadButton';
import { fileExtension } from '../../../lib/api/downloads';
import { bizTypeLabel } from '../../../lib/bizTypes';
import { SAVED_IMAGES_PAGE_SIZE, useDeleteSavedImage, useSavedImages, type SavedImage } from '../../../lib/api/savedImages';
import { formatDate } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';

/** What a saved image downloads as. */
export const savedFileName = (item: SavedImage) =>
  `${item.bizType.toLowerCase()}-${item.taskId}-${item.index + 1}-${item.quality}.${fileExtension(item.url)}`;

/**
 * The creation space's saved images (saveImage / save2K): kept after the
 * task history's retention window, newest first, a page at a time, each
 * with its download and a delete that asks first.
 */
export function SavedImages({ pageSize = SAVED_IMAGES_PAGE_SIZE }: { pageSize?: number }) {
  const { t, lang } = useI18n();
  const { user } = useSession();
  const [page, setPage] = useState(1);
  const [deleting, setDeleting] = useState<SavedImage | null>(null);
  const saved = useSavedImages(page, !!user, pageSize);
  const remove = useDeleteSavedImage();

  const total = saved.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  // Deleting the last item of the last page: show the page before.
  if (saved.data && !saved.isPlaceholderData && page > pages) setPage(pages);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast.success(t('saved.deleted')),
      onSettled: () => setDeleting(null),
    });
  };

  const items = saved.data?.items ?? [];
  return (
    <section className="panel saved-images" data-testid="saved-images">
      <h2 className="panel-title">{t('saved.title')}</h2>
      {saved.isError && !saved.data ? (
        <p className="muted" role="alert" data-testid="saved-images-error">
          {t('saved.loadFailed')}
        </p>
      ) : saved.isPending ? (
        <p className="muted">{t('saved.loading')}</p>
      ) : items.length === 0 ? (
        <p className="muted" data-testid="saved-images-empty">
          {t('saved.empty')}
        </p>
      ) : (
        <ul className="history-grid">
          {items.map((item) => (
            <li key={item.id} className="history-cell" data-testid="saved-image-item" data-saved-id={item.id}>
              <div className="history-item">
                <span className="history-thumb checkerboard">
                  <BlobImage url={item.url} alt={bizTypeLabel(item.bizType, t)} loading="lazy" />
                </span>
                <span className="history-meta">
                  <span className="history-type">{bizTypeLabel(item.bizType, t)}</span>
                  <span className="muted small" data-testid="saved-image-size">
                    {item.width}×{item.height} · {t(`saved.quality.${item.quality}`)}
                  </span>{' '}
                  {/* Its own line, and a space before it: side by side the size ran into the date. */}
                  <time className="history-date" dateTime={item.createdAt} data-testid="saved-image-date">
                    {formatDate(item.createdAt, lang)}
                  </time>
                </span>
              </div>
              <div className="saved-image-actions">
                <DownloadButton
                  itemId={`saved:${item.id}`}
                  url={item.url}
                  fileName={savedFileName(item)}
                  label={t('saved.download')}
                  testId="saved-image-download"
                />
                <button type="button" className="button ghost" data-testid="saved-image-delete" onClick={() => setDeleting(item)}>
                  {t('saved.delete')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav className="pager" data-testid="saved-images-pager">
          <button type="button" className="button small" data-testid="saved-images-prev" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('saved.prev')}
          </button>
          <span className="muted" data-testid="saved-images-page">
            {t('saved.page', { page, pages })}
          </span>
          <button type="button" className="button small" data-testid="saved-images-next" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('saved.next')}
          </button>
        </nav>
      )}
      <ConfirmDialog
        open={!!deleting}
        title={t('saved.deleteTitle')}
        message={t('saved.deleteConfirm')}
        confirmLabel={t('saved.delete')}
        cancelLabel={t('saved.cancel')}
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
        testId="saved-image-confirm"
      />
    </section>
  );
}
