import type { ReactNode } from 'react';
import { useI18n } from '../lib/i18n';

interface GenerateButton {
  /** Lingshi, from the server's prices; null while unknown: no price shown rather than a wrong one. */
  cost: number | null;
  pending: boolean;
  /** The form cannot be sent yet (it waits for the server's option limits). */
  disabled?: boolean;
  onGenerate: () => void;
}

interface GenerationWorkspaceProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** The upload area (ImageUploader with its client-side upload checks). */
  upload: ReactNode;
  /** The page's options panel (model, scene, ratio…). */
  options?: ReactNode;
  generate: GenerateButton;
  /** Progress, then the results of the task shown. */
  stage: ReactNode;
  /** The page's history (TaskHistoryList). */
  history?: ReactNode;
  className?: string;
}

/**
 * The layout every generation page shares: upload and options on the left
 * with the generate button showing the cost, progress and results on the
 * right, history below. The page supplies its own pieces.
 */
export function GenerationWorkspace({ title, subtitle, upload, options, generate, stage, history, className }: GenerationWorkspaceProps) {
  const { t } = useI18n();
  return (
    <div className={className ? `page generation-page ${className}` : 'page generation-page'}>
      <header className="page-header">
        <h1>{title}</h1>
        {subtitle && <p className="muted">{subtitle}</p>}
      </header>
      <div className="workspace">
        <section className="panel controls">
          {upload}
          {options}
          <button
            type="button"
            className="button primary block large"
            data-testid="generate-button"
            disabled={generate.pending || generate.disabled}
            onClick={generate.onGenerate}
          >
            <span>{generate.pending ? t('workspace.generating') : t('workspace.generate')}</span>
            {generate.cost !== null && (
              <span className="cost" data-testid="generate-cost">
                {t('workspace.cost', { n: generate.cost })}
              </span>
            )}
          </button>
        </section>
        <section className="panel stage" data-testid="stage">
          {stage}
        </section>
      </div>
      {history}
    </div>
  );
}
