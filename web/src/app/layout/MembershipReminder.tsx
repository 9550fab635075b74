import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Modal, type ModalVariant } from '../../components/Modal';
import { useI18n } from '../../lib/i18n';
import { closePointsReminder, expiryReminderDue, markReminded, usePointsReminder } from '../../lib/membershipReminder';
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
  const points = usePointsReminder();
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
  const open = !!points || !!expiry;
  const close = () => {
    setExpiry(null);
    closePointsReminder();
  };

  const pointsBody =
    productType === 'enterprise'
      ? t('reminder.points.bodyEnterprise')
      : variant === 'mobile'
        ? t('reminder.points.bodyMobile')
        : t('reminder.points.body');

  return (
    <Modal
      open={open}
      variant={variant}
      title={points ? t('reminder.points.title') : t('reminder.expiry.title')}
      closeLabel={t('common.close')}
      onClose={close}
      testId="membership-reminder"
    >
      <p data-testid="membership-reminder-body">{points ? pointsBody : t('reminder.expiry.body', { n: expiry?.days ?? 0 })}</p>
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
