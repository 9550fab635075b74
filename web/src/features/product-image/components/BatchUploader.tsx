import { useRef, useState, type DragEvent } from 'react';
import { useI18n } from '../../../lib/i18n';
import { useRequireLogin } from '../../../lib/session';
import { UPLOAD_LIMITS } from '../../../lib/uploadRules';
import { batchItemError, type BatchItem } from '../useBatchUploads';

interface BatchUploaderProps {
  items: readonly BatchItem[];
  /** The server's batch size; null while it loads (no files are taken yet). */
  max: number | null;
  onFiles: (files: File[]) => void;
  onRemove: (id: string) => void;
}

/**
 * Many product photos at once: a multi-file chooser and a drop zone that
 * takes every dropped file, then a thumbnail per file with its upload
 * status (a failed one says why and can be removed).
 */
export function BatchUploader({ items, max, onFiles, onRemove }: BatchUploaderProps) {
  const { t } = useI18n();
  const requireLogin = useRequireLogin();
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const kept = items.filter((it) => it.status !== 'failed').length;
  const full = max !== null && kept >= max;
  const shownMax = max ?? '…';

  const take = (list: FileList | null | undefined) => {
    const files = Array.from(list ?? []);
    if (files.length === 0 || !requireLogin()) return;
    onFiles(files);
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    take(e.dataTransfer.files);
  };

  return (
    <div className="batch-uploader" data-testid="batch-products">
      <p className="muted" data-testid="batch-count">
        {t('batchCopyBg.count', { n: kept, max: shownMax })}
      </p>
      <button
        type="button"
        className={`upload-zone batch-drop${dragging ? ' dragging' : ''}`}
        data-testid="batch-drop"
        disabled={full || max === null}
        onClick={() => requireLogin() && inputRef.current?.click()}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <span className="upload-placeholder">
          <span className="upload-plus" aria-hidden="true">
            +
          </span>
          <span>{full ? t('batchCopyBg.full', { max: shownMax }) : t('batchCopyBg.dropHint', { max: shownMax })}</span>
        </span>
      </button>
      <input
        ref={inputRef}
        type="file"
        accept={UPLOAD_LIMITS.accept}
        multiple
        hidden
        data-testid="batch-file-input"
        onChange={(e) => {
          const files = e.currentTarget.files;
          take(files);
          e.currentTarget.value = '';
        }}
      />
      <p className="upload-rules">{t('upload.rules')}</p>
      {items.length > 0 && (
        <ul className="batch-items">
          {items.map((it) => (
            <li key={it.id} className={`batch-item batch-${it.status}`} data-testid="batch-product" data-status={it.status} title={it.name}>
              <img src={it.preview} alt={it.name} />
              {it.status === 'uploading' && <span className="batch-item-state">{t('upload.uploading')}</span>}
              {it.status === 'failed' && (
                <span className="batch-item-state" role="alert" data-testid="batch-product-error">
                  {batchItemError(it, t)}
                </span>
              )}
              <button
                type="button"
                className="batch-item-remove"
                aria-label={t('batchCopyBg.remove', { name: it.name })}
                data-testid="batch-product-remove"
                onClick={() => onRemove(it.id)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
