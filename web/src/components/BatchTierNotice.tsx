import { Link } from 'react-router';
import { useI18n, type MessageKey } from '../lib/i18n';
import { isProductType } from '../lib/retention';
import { BATCH_TIERS, allowsBatch } from '../lib/plans';

/**
 * Which plan a batch needs, said before anything is uploaded: members of
 * those plans are told they can go ahead, others which plan to open.
 */
export function BatchTierNotice({ productType, signedIn }: { productType: string | null; signedIn: boolean }) {
  const { t } = useI18n();
  const tiers = BATCH_TIERS.map((tier) => t(`tier.${tier}`)).join(t('batchCopyBg.or'));
  const allowed = allowsBatch(productType);
  const current = t(`tier.${isProductType(productType) ? productType : 'free'}` as MessageKey);
  return (
    <div className={`batch-tier ${allowed ? 'ok' : 'needed'}`} role="note" data-testid="batch-tier" data-allowed={allowed}>
      {allowed ? (
        t('batchCopyBg.tierOk', { tier: current })
      ) : (
        <>
          <span>{signedIn ? t('batchCopyBg.tierNeeded', { tiers, tier: current }) : t('batchCopyBg.tierNeededVisitor', { tiers })}</span>{' '}
          <Link to="/member" data-testid="batch-tier-upgrade">
            {t('batchCopyBg.upgrade')}
          </Link>
        </>
      )}
    </div>
  );
}
