/**
 * Pure rules of the benefits centre: prices, order statuses, the
 * pending-order choice and who may buy here.
 */

/** The original app's payment order status codes. */
export const ORDER_STATUS = {
  pending: 0,
  paid: 1,
  failed: 2,
  paying: 3,
  closedTimeout: 4,
  closedCancelled: 5,
  refunded: 6,
} as const;
export type OrderStatusCode = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];

/** An order that can still be paid or cancelled. */
export function isOpenStatus(status: number): boolean {
  return status === ORDER_STATUS.pending || status === ORDER_STATUS.paying;
}

/** An order that ended without money (timed out, cancelled, failed): pay again means order again. */
export function needsNewOrder(status: number): boolean {
  return status === ORDER_STATUS.closedTimeout || status === ORDER_STATUS.closedCancelled || status === ORDER_STATUS.failed;
}

export function orderStatusKey(status: number) {
  switch (status) {
    case ORDER_STATUS.pending:
      return 'benefits.status.pending' as const;
    case ORDER_STATUS.paid:
      return 'benefits.status.paid' as const;
    case ORDER_STATUS.failed:
      return 'benefits.status.failed' as const;
    case ORDER_STATUS.paying:
      return 'benefits.status.paying' as const;
    case ORDER_STATUS.closedTimeout:
      return 'benefits.status.closedTimeout' as const;
    case ORDER_STATUS.closedCancelled:
      return 'benefits.status.closedCancelled' as const;
    default:
      return 'benefits.status.refunded' as const;
  }
}

/** Fen to a yuan string: 9900 → "99.00". */
export function formatFen(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export interface OrderLike {
  orderNo: string;
  kind: 'plan' | 'pack';
  status: number;
}

/** The user's open plan order (the one the pending-order choice is about). */
export function openPlanOrder<T extends OrderLike>(orders: readonly T[]): T | null {
  return orders.find((o) => o.kind === 'plan' && isOpenStatus(o.status)) ?? null;
}

/** Enterprise members buy lingshi through customer service. */
export function buysThroughService(productType: string | null | undefined): boolean {
  return productType === 'enterprise';
}

/** Ledger entry kinds shown in the coin details. */
export function ledgerKindKey(kind: string) {
  switch (kind) {
    case 'grant':
      return 'benefits.kind.grant' as const;
    case 'topup':
      return 'benefits.kind.topup' as const;
    case 'charge':
      return 'benefits.kind.charge' as const;
    case 'refund':
      return 'benefits.kind.refund' as const;
    case 'expire':
      return 'benefits.kind.expire' as const;
    case 'revoke':
      return 'benefits.kind.revoke' as const;
    default:
      return 'benefits.kind.other' as const;
  }
}

/** Polls an order while it is open (the QR is on screen), stops once it ended. */
export function orderPollInterval(status: number | undefined): number | false {
  return status === undefined || isOpenStatus(status) ? 2000 : false;
}
