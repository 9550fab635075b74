import { useI18n } from '../../../lib/i18n';
import type { Order } from '../api/benefits';
import { orderName } from '../planFeatures';
import { formatFen, isOpenStatus, orderStatusKey } from '../rules';

interface OrdersTableProps {
  orders: readonly Order[];
  loaded: boolean;
  onPay: (orderNo: string) => void;
  onCancel: (orderNo: string) => void;
}

/** My orders: an open one can be paid or cancelled; none yet is said, not shown as an empty grid. */
export function OrdersTable({ orders, loaded, onPay, onCancel }: OrdersTableProps) {
  const { t, lang } = useI18n();
  const number = (n: number) => n.toLocaleString(lang === 'zh' ? 'zh-CN' : 'en');
  if (loaded && orders.length === 0) {
    return (
      <p className="muted empty-note" data-testid="orders-empty">
        {t('benefits.orders.empty')}
      </p>
    );
  }
  return (
    <table className="table">
      <thead>
        <tr>
          <th>{t('benefits.orderNo')}</th>
          <th>{t('benefits.orders.name')}</th>
          <th>{t('benefits.orders.amount')}</th>
          <th>{t('benefits.orders.status')}</th>
          <th>{t('benefits.orders.action')}</th>
        </tr>
      </thead>
      <tbody>
        {orders.map((o) => (
          <tr key={o.orderNo} data-testid="order-row">
            <td data-label={t('benefits.orderNo')} className="order-no">
              {o.orderNo}
            </td>
            <td data-label={t('benefits.orders.name')}>{orderName(o, t, number)}</td>
            <td data-label={t('benefits.orders.amount')}>¥{formatFen(o.amountFen)}</td>
            <td data-label={t('benefits.orders.status')}>{t(orderStatusKey(o.status))}</td>
            <td data-label={t('benefits.orders.action')}>
              {isOpenStatus(o.status) && (
                <span className="order-actions">
                  <button type="button" className="button small primary" data-testid="order-pay" onClick={() => onPay(o.orderNo)}>
                    {t('benefits.orders.pay')}
                  </button>
                  <button type="button" className="button small ghost" data-testid="order-cancel" onClick={() => onCancel(o.orderNo)}>
                    {t('benefits.orders.cancel')}
                  </button>
                </span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
