import { useState } from 'react';
import { Modal } from '../../../components/Modal';
import { isApiError } from '../../../lib/api/client';
import { formatDate } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n';
import { isProductType } from '../../../lib/retention';
import { useSession } from '../../../lib/session';
import { useCancelOrder, useCreateOrder, useLedger, useOrders, useProducts, type Product } from '../api/benefits';
import { buysThroughService, formatFen, openPlanOrder } from '../rules';
import { LedgerTable } from './LedgerTable';
import { OrdersTable } from './OrdersTable';
import { PaymentDialog } from './PaymentDialog';
import { PlanComparison } from './PlanComparison';
import './MemberPage.css';

/**
 * /member, the benefits centre: coins explanation, plans, top-up packs,
 * coin details (the ledger), my orders, and payment by QR. Enterprise
 * members are sent to customer service; an unpaid plan order must be paid
 * or cancelled before another plan is ordered.
 */
export function MemberPage() {
  const { t, lang } = useI18n();
  // The mobile shell is narrow; the page itself only changes the hint and the modal timing.
  const mobile = typeof window !== 'undefined' && !!window.matchMedia?.('(max-width: 768px)').matches;
  const { lingshi, productType, benefitEndTime } = useSession();
  const products = useProducts();
  const [ledgerPage, setLedgerPage] = useState(1);
  const [ordersPage, setOrdersPage] = useState(1);
  const ledger = useLedger(ledgerPage);
  const orders = useOrders(ordersPage);
  const create = useCreateOrder();
  const cancel = useCancelOrder();
  const [paying, setPaying] = useState<string | null>(null);
  const [pendingChoice, setPendingChoice] = useState<{ orderNo: string | null; productId: string } | null>(null);
  const enterprise = buysThroughService(productType);
  const tier = isProductType(productType) ? productType : 'free';

  const buy = (productId: string) => {
    create.mutate(productId, {
      onSuccess: (order) => setPaying(order.orderNo),
      onError: (e) => {
        if (isApiError(e) && e.error === 'ORDER_PENDING_EXISTS') {
          setPendingChoice({ orderNo: openPlanOrder(orders.data?.list ?? [])?.orderNo ?? null, productId });
        }
      },
    });
  };

  const packCard = (p: Product) => (
    <li key={p.productId} className="panel product-card" data-testid={`product-${p.productId}`}>
      <h3>{p.name}</h3>
      <p className="price">¥{formatFen(p.priceFen)}</p>
      <p className="muted">{t('benefits.pack.lingshi', { n: p.lingshi })}</p>
      {enterprise ? (
        <p className="muted">{t('benefits.enterprise')}</p>
      ) : (
        <button type="button" className="button primary" disabled={create.isPending} onClick={() => buy(p.productId)}>
          {t('benefits.pack.buy')}
        </button>
      )}
    </li>
  );

  return (
    <div className="page member-page">
      <header className="page-header">
        <h1>{t('benefits.title')}</h1>
        <p>
          {t('benefits.balance')}: <strong data-testid="benefits-balance">{lingshi ?? 0}</strong> ·{' '}
          {t('benefits.currentPlan')}:{' '}
          <span data-testid="benefits-plan" data-tier={tier}>
            {t(`tier.${tier}`)}
          </span>
          {benefitEndTime && <span className="muted"> · {t('benefits.endTime', { time: formatDate(benefitEndTime, lang) })}</span>}
        </p>
      </header>

      <section className="panel" data-testid="coins-explanation">
        <h2>{t('benefits.explain.title')}</h2>
        <p>{t('benefits.explain.body')}</p>
        <p className="muted">{t('benefits.explain.order')}</p>
      </section>

      {mobile && <p className="muted">{t('benefits.mobileHint')}</p>}

      <section className="panel" data-testid="plans">
        <h2>{t('benefits.plans')}</h2>
        {products.data ? (
          <PlanComparison plans={products.data.plans} currentTier={tier} canBuy={!enterprise} pending={create.isPending} onBuy={buy} />
        ) : (
          <p className="muted">{t('app.loading')}</p>
        )}
      </section>

      <section>
        <h2>{t('benefits.packs')}</h2>
        <ul className="product-grid">{(products.data?.packs ?? []).map(packCard)}</ul>
      </section>

      <section className="panel" data-testid="coin-details">
        <h2>{t('benefits.details')}</h2>
        <LedgerTable entries={ledger.data?.list ?? []} loaded={ledger.isSuccess} />
        <Pager page={ledgerPage} total={ledger.data?.total ?? 0} onPage={setLedgerPage} />
      </section>

      <section className="panel" data-testid="my-orders">
        <h2>{t('benefits.orders')}</h2>
        <OrdersTable
          orders={orders.data?.list ?? []}
          loaded={orders.isSuccess}
          onPay={setPaying}
          onCancel={(orderNo) => cancel.mutate(orderNo)}
        />
        <Pager page={ordersPage} total={orders.data?.total ?? 0} onPage={setOrdersPage} />
      </section>

      <PaymentDialog
        orderNo={paying}
        variant={mobile ? 'mobile' : 'desktop'}
        onClose={() => setPaying(null)}
        onReorder={(productId) => {
          setPaying(null);
          buy(productId);
        }}
      />

      <Modal
        open={!!pendingChoice}
        title={t('benefits.pending.title')}
        closeLabel={t('common.close')}
        onClose={() => setPendingChoice(null)}
        testId="pending-order-choice"
      >
        <p>{t('benefits.pending.body')}</p>
        <div className="modal-actions">
          {pendingChoice?.orderNo && (
            <>
              <button
                type="button"
                className="button primary"
                onClick={() => {
                  setPaying(pendingChoice.orderNo);
                  setPendingChoice(null);
                }}
              >
                {t('benefits.pending.pay')}
              </button>
              <button
                type="button"
                className="button ghost"
                onClick={() => {
                  const choice = pendingChoice;
                  setPendingChoice(null);
                  if (choice.orderNo) cancel.mutate(choice.orderNo, { onSuccess: () => buy(choice.productId) });
                }}
              >
                {t('benefits.pending.cancelAndOrder')}
              </button>
            </>
          )}
        </div>
      </Modal>
    </div>
  );
}

function Pager({ page, total, onPage }: { page: number; total: number; onPage: (p: number) => void }) {
  const { t } = useI18n();
  const pages = Math.max(1, Math.ceil(total / 10));
  if (pages <= 1) return null;
  return (
    <div className="pager">
      <button type="button" className="button small ghost" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('benefits.prev')}
      </button>
      <span>
        {page}/{pages}
      </span>
      <button type="button" className="button small ghost" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('benefits.next')}
      </button>
    </div>
  );
}
