import type { ReactNode } from 'react';
import type { TaskResult } from '../lib/api/tasks';
import { BlobImage } from './BlobImage';
import { DownloadButton } from './DownloadButton';
import { QualityActions } from './QualityActions';
import { SliderCompare } from './SliderCompare';

/** The page's own download of a result, as generated. */
export interface ResultDownload {
  label: string;
  testId?: string;
  fileName: (index: number) => string;
}

export interface ResultCardProps {
  taskId: string;
  /** Which of the task's image results. */
  index: number;
  image: TaskResult;
  /** Its WebP thumbnail, shown instead when there is one. */
  thumb: TaskResult | null;
  alt: string;
  /** With a before/after slider: the original's object URL (null until known). Leave out for none. */
  compare?: { before: string | null };
  download: ResultDownload;
  /** Shown before the download button (e.g. the QR "scans" badge). */
  badge?: ReactNode;
  /** Say the result's pixel size. */
  showSize?: boolean;
  testId?: string;
  className?: string;
}

/** One image result: the picture (with before/after), its download, and the standard/2K downloads and saves. */
export function ResultCard({
  taskId,
  index,
  image,
  thumb,
  alt,
  compare,
  download,
  badge,
  showSize = false,
  testId = 'result-image-item',
  className,
}: ResultCardProps) {
  const shown = thumb ?? image;
  const fileName = download.fileName(index);
  return (
    <figure className={className ? `result-card ${className}` : 'result-card'} data-testid={testId}>
      {compare ? (
        <SliderCompare image={image} shown={shown} alt={alt} before={compare.before} />
      ) : (
        <BlobImage url={shown.url} alt={alt} data-testid="result-image" width={shown.width} height={shown.height} />
      )}
      <figcaption>
        {badge}
        <DownloadButton itemId={`result:${taskId}:${index}`} url={image.url} fileName={fileName} label={download.label} testId={download.testId} />
        {showSize && (
          <span className="muted small">
            {' '}
            {image.width}×{image.height}
          </span>
        )}
      </figcaption>
      <div className="result-actions">
        <QualityActions taskId={taskId} index={index} fileStem={fileName.replace(/\.[^.]+$/, '')} />
      </div>
    </figure>
  );
}
