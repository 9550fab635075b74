import { BlobImage } from '../../../components/BlobImage';
import { PlusIcon } from '../../../components/icons';
import { uploadIdOf } from '../../../lib/api/posterAssets';
import { uploadFile } from '../../../lib/api/uploads';
import { useI18n } from '../../../lib/i18n';
import { NOTE_UPLOAD_LIMITS, UPLOAD_LIMITS, validateImageFile, type ImageSize } from '../../../lib/uploadRules';
import { uploadProblemText, useUploads } from '../../../lib/useUploads';
import { useBatchAction, useContentDefaults, type ContentItem } from '../api/content';
import { IMAGES_MAX } from '../content';

interface Props {
  item: ContentItem;
  /** Injected in tests (jsdom cannot decode images). */
  readSize?: (file: Blob) => Promise<ImageSize>;
}

/**
 * The item's pictures: uploaded like a note's (`POST /api/uploads?purpose=note`),
 * then attached by their upload id; each can be removed.
 */
export function ItemImages({ item, readSize }: Props) {
  const { t } = useI18n();
  const action = useBatchAction();
  // The server's bound once its defaults are in.
  const max = useContentDefaults().data?.maxImages ?? IMAGES_MAX;
  const full = item.images.length >= max;
  const { uploading, problem, inputRef, openChooser, take } = useUploads({
    check: async (file) => {
      const broken = await validateImageFile(file, readSize, NOTE_UPLOAD_LIMITS);
      return broken ? { key: broken } : null;
    },
    send: (file) => uploadFile(file, file.name, { purpose: 'note' }),
    onUploaded: ({ url }) => action.mutate({ kind: 'addImage', itemId: item.id, uploadId: uploadIdOf(url) }),
    room: { left: max - item.images.length, full: { key: 'content.item.images.full', vars: { max } } },
    announce: false,
  });

  return (
    <div className="content-images" data-testid="content-item-images">
      <span className="muted small">
        {t('content.item.images')} {t('content.item.images.count', { n: item.images.length, max: IMAGES_MAX })}
      </span>
      <ul className="content-image-strip">
        {item.images.map((image, i) => (
          <li key={image.uploadId} className="content-image" data-testid="content-item-image">
            <BlobImage url={image.url} alt="" />
            <button
              type="button"
              className="content-image-remove"
              data-testid="content-item-image-remove"
              aria-label={t('content.item.images.remove', { n: i + 1 })}
              title={t('content.item.images.remove', { n: i + 1 })}
              disabled={action.isPending}
              onClick={() => action.mutate({ kind: 'removeImage', itemId: item.id, uploadId: image.uploadId })}
            >
              ×
            </button>
          </li>
        ))}
        {!full && (
          <li className="content-image content-image-add">
            <button
              type="button"
              data-testid="content-item-image-add"
              aria-label={t('content.item.images.add')}
              title={t('content.item.images.add')}
              aria-busy={uploading}
              disabled={uploading || action.isPending}
              onClick={openChooser}
            >
              <PlusIcon />
            </button>
          </li>
        )}
      </ul>
      <input
        ref={inputRef}
        type="file"
        accept={UPLOAD_LIMITS.accept}
        hidden
        data-testid="content-item-file"
        onChange={(e) => {
          const files = Array.from(e.currentTarget.files ?? []);
          e.currentTarget.value = '';
          void take(files);
        }}
      />
      {problem && (
        <p className="form-error" role="alert" data-testid="content-item-images-error">
          {uploadProblemText(problem, t)}
        </p>
      )}
    </div>
  );
}
