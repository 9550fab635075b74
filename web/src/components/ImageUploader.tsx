import { useRef, useState, type DragEvent } from 'react';
import { isApiError } from '../lib/api/client';
import { PlusIcon } from './icons';
import { uploadFile } from '../lib/api/uploads';
import { useI18n, type MessageKey } from '../lib/i18n';
import { useRequireLogin } from '../lib/session';
import { toast } from '../lib/toast';
import { UPLOAD_LIMITS, validateImageFile, type ImageSize } from '../lib/uploadRules';

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
}

type ErrorState = { key: MessageKey } | { text: string } | null;

/**
 * Image upload with client-side checks (lib/uploadRules), run
 * before anything is sent. Uploading is a guarded action: a visitor gets
 * the login dialog. A second upload while one runs is refused (上传中).
 */
export function ImageUploader({ previewUrl, onUploaded, readSize }: ImageUploaderProps) {
  const { t } = useI18n();
  const requireLogin = useRequireLogin();
  const inputRef = useRef<HTMLInputElement>(null);
  const busy = useRef(false);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<ErrorState>(null);
  const [dragging, setDragging] = useState(false);

  const handleFile = async (file: File) => {
    if (busy.current) {
      toast.warning(t('upload.inProgress'));
      return;
    }
    busy.current = true;
    try {
      const broken = await validateImageFile(file, readSize);
      if (broken) {
        setError({ key: broken });
        toast.warning(t(broken));
        return;
      }
      if (!requireLogin()) return;
      setError(null);
      setUploading(true);
      const result = await uploadFile(file, file.name);
      const url = result.urls?.[0];
      if (!url) throw new Error('upload answered no URL');
      onUploaded({ url, file });
      toast.success(t('upload.success'));
    } catch (e) {
      // ApiErrors were toasted by the client already.
      if (isApiError(e)) setError({ text: e.msg });
      else {
        setError({ key: 'error.server' });
        toast.error(t('error.server'));
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

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    const file = e.dataTransfer.files?.[0];
    if (file) void handleFile(file);
  };

  const errorText = error ? ('key' in error ? t(error.key) : error.text) : null;

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
      <p className="upload-rules">{t('upload.rules')}</p>
      {errorText && (
        <p className="form-error" role="alert" data-testid="upload-error">
          {errorText}
        </p>
      )}
    </div>
  );
}
