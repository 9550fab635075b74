import { TaskHistoryList } from '../../components/TaskHistoryList';
import { SavedImages } from '../../features/saved-images/components/SavedImages';
import { useI18n, type MessageKey } from '../../lib/i18n';
import { isProductType, retentionDays } from '../../lib/retention';
import { useSession } from '../../lib/session';

/**
 * /personal-center: the creation space: the saved images (kept for good),
 * then every task of every type, with the tier's retention.
 */
export function PersonalCenterPage() {
  const { t } = useI18n();
  const { user, lingshi, productType } = useSession();
  const tier = isProductType(productType) ? productType : 'free';
  const account = user ? user.phone || user.email || user.userName || String(user.id) : '';
  return (
    <div className="page personal-center">
      <header className="page-header">
        <h1>{t('personal.title')}</h1>
        <p className="muted">{t('personal.subtitle')}</p>
      </header>
      <section className="panel account-card" data-testid="account-card">
        <div>
          <span className="muted">{t('personal.account')}</span>
          <strong data-testid="personal-account">{account}</strong>
        </div>
        <div>
          <span className="muted">{t('personal.lingshi')}</span>
          <strong data-testid="personal-lingshi">{lingshi ?? 0}</strong>
        </div>
        <p className="retention" data-testid="retention">
          {t('personal.retention', { tier: t(`tier.${tier}` as MessageKey), n: retentionDays(tier) })}
        </p>
      </section>
      <SavedImages />
      <TaskHistoryList title={t('history.title')} downloads emptyText={t('personal.empty')} testId="creation-history" />
    </div>
  );
}
