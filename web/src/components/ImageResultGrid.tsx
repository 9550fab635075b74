import type { ReactNode } from 'react';
import { useBlobUrl } from '../lib/api/files';
import type { Task } from '../lib/api/tasks';
import { ResultCard, type ResultDownload } from './ResultCard';

interface ImageResultGridProps {
  /** A SUCCESS task. */
  task: Task;
  /** Added to `task-result result-grid` (e.g. `product-results`). */
  className: string;
  /**
   * Before/after sliders. `beforeUrl`: the local preview of the original
   * when this session uploaded it; otherwise the task's own original is
   * loaded, if the server sends its params. Leave out for none.
   */
  compare?: { beforeUrl: string | null };
  alt: (index: number) => string;
  download: ResultDownload;
  badge?: ReactNode;
  showSize?: boolean;
  itemTestId?: string;
  itemClassName?: string;
}

/** Every image result of a task, each with its downloads (as generated, standard, 2K) and saves to the creation space. */
export function ImageResultGrid({ task, className, compare, alt, download, badge, showSize, itemTestId, itemClassName }: ImageResultGridProps) {
  const images = task.results?.filter((r) => r.kind === 'image') ?? [];
  const thumbs = task.results?.filter((r) => r.kind === 'thumbnail') ?? [];
  const remote = useBlobUrl(compare && !compare.beforeUrl ? task.params?.imageUrl : null);
  const before = compare ? (compare.beforeUrl ?? remote.src) : null;
  return (
    <div className={`task-result result-grid ${className}`} data-testid="task-result" data-task-id={task.taskId}>
      {images.map((image, i) => (
        <ResultCard
          key={image.url}
          taskId={task.taskId}
          index={i}
          image={image}
          thumb={thumbs[i] ?? null}
          alt={alt(i)}
          compare={compare ? { before } : undefined}
          download={download}
          badge={badge}
          showSize={showSize}
          testId={itemTestId}
          className={itemClassName}
        />
      ))}
    </div>
  );
}
