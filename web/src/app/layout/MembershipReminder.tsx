import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Modal, type ModalVariant } from '../../components/Modal';
import { useI18n } from '../../lib/i18n';
import { closeLingshiReminder, expiryReminderDue, markReminded, useLingshiReminder } from '../../lib/membershipReminder';
import { useSession } from '../../lib/session';
import { routeAccess } from '../routes/guards';
import { findRoute } from '../routes/registry';
import { useGuardContext } from '../shell';

function localStore(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/**
 * The membership / lingshi reminder: once when a non-free plan ends within
 * 0 to 3 days, and whenever a generation is refused for lack of coins.
 */
export function MembershipReminder({ variant = 'desktop' }: { variant?: ModalVariant }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const { user, productType, benefitEndTime } = useSession();
  const ctx = useGuardContext();
  const lingshi = useLingshiReminder();
  const [expiry, setExpiry] = useState<{ days: number; key: string } | null>(null);

  const userId = user?.id ?? null;
  useEffect(() => {
    const days = expiryReminderDue({ userId, productType, endTime: benefitEndTime }, Date.now(), localStore());
    if (days === null || userId === null || !benefitEndTime) return;
    markReminded(userId, benefitEndTime, localStore());
    const timer = setTimeout(() => setExpiry({ days, key: `${userId}:${benefitEndTime}` }), 0);
    return () => clearTimeout(timer);
  }, [userId, productType, benefitEndTime]);

  const memberDef = findRoute('/member');
  const memberOpen = !!memberDef && routeAccess(memberDef, ctx) === 'ok';
  const open = !!lingshi || !!expiry;
  const close = () => {
    setExpiry(null);
    closeLingshiReminder();
  };

  const lingshiBody =
    productType === 'enterprise'
      ? t('reminder.lingshi.bodyEnterprise')
      : variant === 'mobile'
        ? t('reminder.lingshi.bodyMobile')
        : t('reminder.lingshi.body');

  return (
    <Modal
      open={open}
      variant={variant}
      title={lingshi ? t('reminder.lingshi.title') : t('reminder.expiry.title')}
      closeLabel={t('common.close')}
      onClose={close}
      testId="membership-reminder"
    >
      <p data-testid="membership-reminder-body">{lingshi ? lingshiBody : t('reminder.expiry.body', { n: expiry?.days ?? 0 })}</p>
      <div className="modal-actions">
        {memberOpen && variant === 'desktop' && productType !== 'enterprise' && (
          <button
            type="button"
            className="button primary"
            onClick={() => {
              close();
              navigate('/member');
            }}
          >
            {t('reminder.toMember')}
          </button>
        )}
        <button type="button" className="button ghost" onClick={close}>
          {t('reminder.ok')}
        </button>
      </div>
    </Modal>
  );
}
