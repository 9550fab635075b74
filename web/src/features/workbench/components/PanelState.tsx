import { useI18n } from '../../../lib/i18n';

/** A panel's loading line, or its failure with a retry. */
export function PanelState({ error = false, onRetry }: { error?: boolean; onRetry?: () => void }) {
  const { t } = useI18n();
  if (!error) return <p className="muted">{t('workbench.loading')}</p>;
  return (
    <p className="muted" role="alert">
      {t('workbench.loadFailed')}{' '}
      <button type="button" className="button small ghost" onClick={onRetry}>
        {t('hot.retry')}
      </button>
    </p>
  );
}
