import { PlusIcon } from '../../../components/icons';
import { uploadFile } from '../../../lib/api/uploads';
import { useI18n } from '../../../lib/i18n';
import { NOTE_UPLOAD_LIMITS, UPLOAD_LIMITS, validateImageFile, type ImageSize } from '../../../lib/uploadRules';
import { uploadProblemText, useUploads, type UploadProblem } from '../../../lib/useUploads';
import type { NoteImage } from '../media';

interface NoteImagesFieldProps {
  images: readonly NoteImage[];
  /** The server's imagesMax; null while it loads (nothing is taken yet). */
  max: number | null;
  onAdd: (image: NoteImage) => void;
  onRemove: (index: number) => void;
  /** An object URL previewing a local file (the workspace's, freed with the page). */
  preview: (file: File) => string;
  /** A generate was tried: say that an image is needed. */
  attempted: boolean;
  /** Injected in tests (jsdom cannot decode images). */
  readSize?: (file: Blob) => Promise<ImageSize>;
}

/**
 * A note's images (up to the server's imagesMax): chosen one or several at a
 * time, each checked like on the image pages (lib/uploadRules) and uploaded
 * one by one (`POST /api/uploads?purpose=note`: screenshots and long
 * images pass, see NOTE_UPLOAD_LIMITS), shown as thumbnails that can be removed.
 * A problem is said under the field.
 */
export function NoteImagesField({ images, max, onAdd, onRemove, preview, attempted, readSize }: NoteImagesFieldProps) {
  const { t } = useI18n();
  const full = max !== null && images.length >= max;
  const { uploading, problem, clearProblem, inputRef, openChooser, take } = useUploads({
    check: async (file) => {
      const broken = await validateImageFile(file, readSize, NOTE_UPLOAD_LIMITS);
      return broken ? { key: broken } : null;
    },
    send: (file) => uploadFile(file, file.name, { purpose: 'note' }),
    onUploaded: ({ url, file }) => onAdd({ url, preview: preview(file), name: file.name }),
    room: max === null ? undefined : { left: max - images.length, full: { key: 'mediaRewrite.imagesTooMany', vars: { max } } },
    announce: false,
  });

  const shown: UploadProblem | null = problem ?? (attempted && images.length === 0 ? { key: 'mediaRewrite.imagesRequired' } : null);
  const problemText = shown ? uploadProblemText(shown, t) : null;

  return (
    <div className="field note-images" data-testid="note-images">
      <span className="field-head">
        <span>{t('rewriteImage.images')}</span>
        <output className="field-value" data-testid="note-images-count">
          {t('mediaRewrite.imagesCount', { n: images.length, max: max ?? '…' })}
        </output>
      </span>
      <ul className="note-image-grid">
        {images.map((image, i) => (
          <li key={`${image.url}-${i}`} className="note-image" data-testid="note-image">
            <img src={image.preview} alt={image.name} />
            <span className="note-image-index" aria-hidden="true">
              {i + 1}
            </span>
            <button
              type="button"
              className="note-image-remove"
              data-testid="note-image-remove"
              aria-label={t('mediaRewrite.removeImage', { n: i + 1 })}
              title={t('mediaRewrite.removeImage', { n: i + 1 })}
              onClick={() => {
                clearProblem();
                onRemove(i);
              }}
            >
              ×
            </button>
          </li>
        ))}
        {!full && (
          <li className="note-image note-image-add">
            <button
              type="button"
              className="upload-zone"
              data-testid="note-image-add"
              aria-label={t('mediaRewrite.addImage')}
              aria-busy={uploading}
              disabled={max === null}
              onClick={openChooser}
            >
              <span className="upload-placeholder">
                <PlusIcon className="upload-plus" />
                <span>{uploading ? t('upload.uploading') : t('mediaRewrite.addImage')}</span>
              </span>
            </button>
          </li>
        )}
      </ul>
      <input
        ref={inputRef}
        type="file"
        accept={UPLOAD_LIMITS.accept}
        multiple
        hidden
        data-testid="file-input"
        onChange={(e) => {
          const files = Array.from(e.currentTarget.files ?? []);
          e.currentTarget.value = '';
          if (max !== null) void take(files);
        }}
      />
      <p className="upload-rules">
        {max !== null && <>{t('mediaRewrite.imagesMax', { max })} · </>}
        {t('mediaRewrite.noteRules')}
      </p>
      {uploading && (
        <p className="muted" data-testid="upload-status">
          {t('upload.uploading')}
        </p>
      )}
      {problemText && (
        <p className="form-error field-error" role="alert" data-testid="note-images-error">
          {problemText}
        </p>
      )}
    </div>
  );
}
