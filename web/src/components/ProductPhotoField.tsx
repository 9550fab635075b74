import { uploadFile } from '../lib/api/uploads';
import { useI18n } from '../lib/i18n';
import { UPLOAD_LIMITS, validateImageFile, type ImageSize } from '../lib/uploadRules';
import { uploadProblemText, useUploads } from '../lib/useUploads';
import { BlobImage } from './BlobImage';
import './ProductPhotoField.css';

interface Props {
  /** The uploaded photo's URL, '' for none. */
  value: string;
  onChange: (url: string) => void;
  /** What the photo is for, under the label. */
  hint: string;
  /** Prefix of the test ids (`<prefix>-photo-file`…). */
  testId: string;
  /** Injected in tests (jsdom cannot decode images). */
  readSize?: (file: Blob) => Promise<ImageSize>;
}

/**
 * An optional product photo for generated pictures (an idea report's, a
 * content batch's): uploaded as a product photo, shown small, replaceable.
 */
export function ProductPhotoField({ value, onChange, hint, testId, readSize }: Props) {
  const { t } = useI18n();
  const { uploading, problem, inputRef, openChooser, take } = useUploads({
    check: async (file) => {
      const broken = await validateImageFile(file, readSize, UPLOAD_LIMITS);
      return broken ? { key: broken } : null;
    },
    send: (file) => uploadFile(file, file.name),
    onUploaded: ({ url }) => onChange(url),
    room: { left: 1, full: { key: 'photo.one' } },
    announce: false,
  });
  return (
    <div className="field photo-field" data-testid={`${testId}-photo`}>
      <span className="field-head">
        <span>{t('photo.label')}</span>
        <span className="muted small">{hint}</span>
      </span>
      <div className="photo-field-row">
        {value && (
          <span className="photo-field-preview" data-testid={`${testId}-photo-preview`}>
            <BlobImage url={value} alt={t('photo.label')} />
          </span>
        )}
        <button type="button" className="button small" aria-busy={uploading} disabled={uploading} data-testid={`${testId}-photo-choose`} onClick={openChooser}>
          {uploading ? t('photo.uploading') : value ? t('photo.replace') : t('photo.choose')}
        </button>
        {value && (
          <button type="button" className="button small ghost" data-testid={`${testId}-photo-remove`} onClick={() => onChange('')}>
            {t('photo.remove')}
          </button>
        )}
      </div>
      <input
        ref={inputRef}
        type="file"
        accept={UPLOAD_LIMITS.accept}
        hidden
        data-testid={`${testId}-photo-file`}
        onChange={(e) => {
          const files = Array.from(e.currentTarget.files ?? []).slice(0, 1);
          e.currentTarget.value = '';
          void take(files);
        }}
      />
      {problem && (
        <p className="form-error" role="alert" data-testid={`${testId}-photo-error`}>
          {uploadProblemText(problem, t)}
        </p>
      )}
    </div>
  );
}
