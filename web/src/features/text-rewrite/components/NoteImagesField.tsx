import { useRef, useState } from 'react';
import { PlusIcon } from '../../../components/icons';
import { isApiError } from '../../../lib/api/client';
import { uploadFile } from '../../../lib/api/uploads';
import { useI18n, type MessageKey } from '../../../lib/i18n';
import { useRequireLogin } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { NOTE_UPLOAD_LIMITS, UPLOAD_LIMITS, validateImageFile, type ImageSize } from '../../../lib/uploadRules';
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

type Problem = { key: MessageKey; vars?: Record<string, number> } | { text: string } | null;

/**
 * A note's images (up to the server's imagesMax): chosen one or several at a
 * time, each checked like on the image pages (lib/uploadRules) and uploaded
 * one by one (`POST /api/uploads?purpose=note`: screenshots and long
 * images pass, see NOTE_UPLOAD_LIMITS), shown as thumbnails that can be removed.
 * A problem is said under the field.
 */
export function NoteImagesField({ images, max, onAdd, onRemove, preview, attempted, readSize }: NoteImagesFieldProps) {
  const { t } = useI18n();
  const requireLogin = useRequireLogin();
  const inputRef = useRef<HTMLInputElement>(null);
  const busy = useRef(false);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<Problem>(null);
  const full = max !== null && images.length >= max;

  const take = async (files: File[]) => {
    if (busy.current) {
      toast.warning(t('upload.inProgress'));
      return;
    }
    if (max === null || files.length === 0) return;
    busy.current = true;
    setUploading(true);
    setProblem(null);
    let count = images.length;
    try {
      for (const file of files) {
        if (count >= max) {
          setProblem({ key: 'mediaRewrite.imagesTooMany', vars: { max } });
          toast.warning(t('mediaRewrite.imagesTooMany', { max }));
          break;
        }
        const broken = await validateImageFile(file, readSize, NOTE_UPLOAD_LIMITS);
        if (broken) {
          setProblem({ key: broken });
          toast.warning(t(broken));
          continue;
        }
        try {
          const result = await uploadFile(file, file.name, { purpose: 'note' });
          const url = result.urls?.[0];
          if (!url) throw new Error('upload answered no URL');
          onAdd({ url, preview: preview(file), name: file.name });
          count++;
        } catch (e) {
          // ApiErrors were toasted by the client already.
          if (isApiError(e)) setProblem({ text: e.msg });
          else {
            setProblem({ key: 'error.server' });
            toast.error(t('error.server'));
          }
        }
      }
    } finally {
      busy.current = false;
      setUploading(false);
    }
  };

  const openChooser = () => {
    if (busy.current) {
      toast.warning(t('upload.inProgress'));
      return;
    }
    if (!requireLogin()) return;
    inputRef.current?.click();
  };

  const shown: Problem = problem ?? (attempted && images.length === 0 ? { key: 'mediaRewrite.imagesRequired' } : null);
  const problemText = shown ? ('key' in shown ? t(shown.key, shown.vars) : shown.text) : null;

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
                setProblem(null);
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
          void take(files);
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
