import { useQuery } from '@tanstack/react-query';
import { DownloadButton } from '../../../components/DownloadButton';
import { requestBlob } from '../../../lib/api/client';
import { useI18n } from '../../../lib/i18n';
import { copyToPlainText, readCopy, type ScriptLabels, type TextResult } from '../../../lib/textCopy';
import { toast } from '../../../lib/toast';
import { writeClipboard } from '../../../lib/clipboard';
import { rewriteFileName } from '../constants';
import { CopyView } from './CopyView';
import { RatingActions } from './RatingActions';

/** The answer's plain text as the server serves it (`url`), for an answer whose `copy` could not be read. */
function useResultText(url: string, enabled: boolean) {
  return useQuery({
    queryKey: ['text-result', url],
    queryFn: async ({ signal }) => (await requestBlob(url, { signal, silent: true })).text(),
    enabled,
    staleTime: Infinity,
  });
}

interface TextResultCardProps {
  taskId: string;
  bizType: string;
  /** Its index among the task's results (the rating's address). */
  index: number;
  result: TextResult;
  /** The streamed text, shown while the file loads when the copy cannot be read. */
  liveText?: string;
}

/** One finished answer: laid out for its platform, with copy, download and like/dislike. */
export function TextResultCard({ taskId, bizType, index, result, liveText }: TextResultCardProps) {
  const { t } = useI18n();
  const copy = readCopy(result.copy);
  const file = useResultText(result.url, !copy);
  const plain = copy ? null : (file.data ?? liveText ?? '');
  const labels: ScriptLabels = {
    shot: (n) => t('rewrite.shot', { n }),
    seconds: (n) => t('rewrite.seconds', { n }),
    visual: t('rewrite.visual'),
    narration: t('rewrite.narration'),
  };

  const onCopy = async () => {
    try {
      const text = copy ? copyToPlainText(copy, labels) : (plain ?? '');
      if (!text) throw new Error('nothing to copy');
      await writeClipboard(text);
      toast.success(t('rewrite.copied'));
    } catch {
      toast.error(t('rewrite.copyFailed'));
    }
  };

  return (
    <article className="text-result" data-testid="text-result" data-index={index} data-shape={copy?.shape ?? 'plain'}>
      <header className="text-result-head">
        <span className="text-result-version">{t('rewrite.version', { n: index + 1 })}</span>
      </header>
      {copy ? (
        <CopyView copy={copy} />
      ) : (
        <div className="copy copy-plain" data-testid="text-result-plain">
          {plain}
        </div>
      )}
      <footer className="text-result-actions">
        <button type="button" className="button primary" data-testid="copy-button" onClick={() => void onCopy()}>
          {t('rewrite.copy')}
        </button>
        <DownloadButton
          itemId={`result:${taskId}:${index}`}
          url={result.url}
          fileName={rewriteFileName(bizType, taskId, index)}
          label={t('rewrite.download')}
          testId="text-download"
        />
        <RatingActions taskId={taskId} index={index} rating={result.rating ?? null} script={copy?.shape === 'script'} />
      </footer>
    </article>
  );
}
