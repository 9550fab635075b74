import { useI18n } from '../lib/i18n';
import { ImageResultGrid } from './ImageResultGrid';
import { TaskStatusView } from './TaskStatusView';

interface ProductImageTaskViewProps {
  taskId: string;
  /** Local preview of the original (for before/after), if known. */
  beforeUrl: string | null;
  startedAt: number;
  /** Added to the grid's classes, e.g. `product-results`. */
  className: string;
  /** What a result downloads as; `format` is the task's png | jpeg. */
  fileName: (taskId: string, index: number, format: string) => string;
}

/**
 * One PRODUCT_IMAGE task, whichever page made it (product image, product
 * background, batch copy, background replication): progress while it
 * runs, then its results with before/after sliders.
 */
export function ProductImageTaskView({ taskId, beforeUrl, startedAt, className, fileName }: ProductImageTaskViewProps) {
  const { t } = useI18n();
  return (
    <TaskStatusView taskId={taskId} startedAt={startedAt} text={{ generating: t('productImage.generating'), failed: t('productImage.failed') }}>
      {(task) => {
        const format = String((task.params as { format?: string } | null | undefined)?.format ?? 'png');
        return (
          <ImageResultGrid
            task={task}
            className={className}
            compare={{ beforeUrl }}
            showSize
            alt={(i) => `${t('productImage.after')} ${i + 1}`}
            download={{ testId: 'download-result', label: t('productImage.download'), fileName: (i) => fileName(task.taskId, i, format) }}
          />
        );
      }}
    </TaskStatusView>
  );
}
