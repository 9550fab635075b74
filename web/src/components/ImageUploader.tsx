import { useState, type DragEvent } from 'react';
import { PlusIcon } from './icons';
import { uploadFile } from '../lib/api/uploads';
import { useI18n } from '../lib/i18n';
import { MATERIAL_UPLOAD_LIMITS, UPLOAD_LIMITS, validateImageFile, type ImageSize } from '../lib/uploadRules';
import { uploadProblemText, useUploads } from '../lib/useUploads';

export interface UploadedImage {
  /** The `/api/files/<key>` URL the server returned. */
  url: string;
  file: File;
}

interface ImageUploaderProps {
  /** Local preview of the current image, if any. */
  previewUrl: string | null;
  onUploaded: (image: UploadedImage) => void;
  /** Injected in tests (jsdom cannot decode images). */
  readSize?: (file: Blob) => Promise<ImageSize>;
  /** `material`: a poster material (logos: small files, any shape), checked by its own rules. */
  purpose?: 'product' | 'material';
}

/**
 * Image upload with client-side checks (lib/uploadRules), run
 * before anything is sent. Uploading is a guarded action: a visitor gets
 * the login dialog. A second upload while one runs is refused (上传中).
 */
export function ImageUploader({ previewUrl, onUploaded, readSize, purpose = 'product' }: ImageUploaderProps) {
  const limits = purpose === 'material' ? MATERIAL_UPLOAD_LIMITS : UPLOAD_LIMITS;
  const { t } = useI18n();
  const { uploading, problem, inputRef, openChooser, take } = useUploads({
    check: async (file) => {
      const broken = await validateImageFile(file, readSize, limits);
      return broken ? { key: broken } : null;
    },
    send: (file) => uploadFile(file, file.name, { purpose }),
    onUploaded: ({ url, file }) => onUploaded({ url, file }),
  });
  const [dragging, setDragging] = useState(false);
  const handleFile = (file: File) => take([file]);

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    const file = e.dataTransfer.files?.[0];
    if (file) void handleFile(file);
  };

  const errorText = problem ? uploadProblemText(problem, t) : null;

  return (
    <div className="uploader">
      <button
        type="button"
        className={`upload-zone${dragging ? ' dragging' : ''}${previewUrl ? ' has-image' : ''}`}
        data-testid="upload-zone"
        onClick={openChooser}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        aria-busy={uploading}
      >
        {previewUrl ? (
          <img className="upload-preview" src={previewUrl} alt="" data-testid="upload-preview" />
        ) : (
          <span className="upload-placeholder">
            <PlusIcon className="upload-plus" />
            <span>{t('upload.hint')}</span>
          </span>
        )}
        {uploading ? (
          <span className="upload-overlay" data-testid="upload-status">
            {t('upload.uploading')}
          </span>
        ) : previewUrl ? (
          <span className="upload-overlay upload-replace">{t('upload.replace')}</span>
        ) : null}
      </button>
      <input
        ref={inputRef}
        type="file"
        accept={UPLOAD_LIMITS.accept}
        hidden
        data-testid="file-input"
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          if (file) void handleFile(file);
        }}
      />
      <p className="upload-rules">{t(purpose === 'material' ? 'upload.materialRules' : 'upload.rules')}</p>
      {errorText && (
        <p className="form-error" role="alert" data-testid="upload-error">
          {errorText}
        </p>
      )}
    </div>
  );
}
