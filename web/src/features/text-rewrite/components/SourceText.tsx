import { useI18n } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { writeClipboard } from '../../../lib/clipboard';

/**
 * What the worker read from the input (the text in the images, or the
 * video's transcript), labelled, collapsible (open at first) and copyable.
 */
export function SourceText({ label, text }: { label: string; text: string }) {
  const { t } = useI18n();
  const onCopy = async () => {
    try {
      await writeClipboard(text);
      toast.success(t('rewrite.copied'));
    } catch {
      toast.error(t('rewrite.copyFailed'));
    }
  };
  return (
    <details className="source-text" data-testid="source-text" open>
      <summary className="source-text-head" data-testid="source-text-label">
        {label}
      </summary>
      <div className="source-text-body" data-testid="source-text-body">
        {text}
      </div>
      <div className="source-text-actions">
        <button type="button" className="button" data-testid="source-text-copy" onClick={() => void onCopy()}>
          {t('mediaRewrite.source.copy')}
        </button>
      </div>
    </details>
  );
}
