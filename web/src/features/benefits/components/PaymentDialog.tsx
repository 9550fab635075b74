import { Modal, type ModalVariant } from '../../../components/Modal';
import { useI18n } from '../../../lib/i18n';
import { useOrder } from '../api/benefits';
import { formatFen, isOpenStatus, needsNewOrder, orderStatusKey } from '../rules';

/**
 * Pay one order by QR scan: shows the provider's QR code and polls the
 * order every 2 s until it is paid, failed or closed. A closed or failed
 * order offers to order (and scan) again.
 */
export function PaymentDialog({
  orderNo,
  onClose,
  onReorder,
  variant = 'desktop',
}: {
  orderNo: string | null;
  onClose: () => void;
  onReorder: (productId: string) => void;
  variant?: ModalVariant;
}) {
  const { t } = useI18n();
  const { data: order } = useOrder(orderNo);
  return (
    <Modal open={!!orderNo} title={t('benefits.pay.title')} closeLabel={t('common.close')} onClose={onClose} variant={variant} testId="payment-dialog">
      {order && (
        <div className="payment-dialog">
          <p>
            {order.name} · <strong>¥{formatFen(order.amountFen)}</strong>
          </p>
          <p className="muted">
            {t('benefits.orderNo')}: <code>{order.orderNo}</code>
          </p>
          <p data-testid="payment-status" data-status={order.status}>
            {t(orderStatusKey(order.status))}
          </p>
          {isOpenStatus(order.status) && order.payment && variant === 'mobile' && (
            // Already on the phone: nothing to scan, the pay page opens here.
            <a href={order.payment.payUrl} className="button primary" data-testid="payment-link">
              {t('benefits.pay.openOnPhone')}
            </a>
          )}
          {isOpenStatus(order.status) && order.payment && variant !== 'mobile' && (
            <>
              <img src={order.payment.qrCode} alt={t('benefits.pay.qrAlt')} width={200} height={200} data-testid="payment-qr" />
              <p className="muted">{t('benefits.pay.scan')}</p>
              <a href={order.payment.payUrl} target="_blank" rel="noreferrer" data-testid="payment-link">
                {t('benefits.pay.openPage')}
              </a>
            </>
          )}
          {order.status === 1 && <p data-testid="payment-success">{t('benefits.pay.success')}</p>}
          {needsNewOrder(order.status) && (
            <div className="modal-actions">
              <p>{t('benefits.pay.closed')}</p>
              <button type="button" className="button primary" onClick={() => onReorder(order.productId)}>
                {t('benefits.pay.again')}
              </button>
            </div>
          )}
        </div>
      )}
    </Modal>
  );
}
