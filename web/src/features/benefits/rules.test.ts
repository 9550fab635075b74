import { describe, expect, it } from 'vitest';
import {
  buysThroughService,
  formatFen,
  isOpenStatus,
  ledgerKindKey,
  needsNewOrder,
  openPlanOrder,
  orderPollInterval,
  orderStatusKey,
} from './rules';

describe('benefits rules', () => {
  it('formats fen as yuan', () => {
    expect(formatFen(9900)).toBe('99.00');
    expect(formatFen(1005)).toBe('10.05');
    expect(formatFen(0)).toBe('0.00');
  });

  it('knows which statuses are open, closed or paid', () => {
    expect([0, 1, 2, 3, 4, 5, 6].filter(isOpenStatus)).toEqual([0, 3]);
    expect([0, 1, 2, 3, 4, 5, 6].filter(needsNewOrder)).toEqual([2, 4, 5]);
    expect(orderStatusKey(1)).toBe('benefits.status.paid');
    expect(orderStatusKey(4)).toBe('benefits.status.closedTimeout');
    expect(orderStatusKey(5)).toBe('benefits.status.closedCancelled');
  });

  it('polls only while the order can still be paid', () => {
    expect(orderPollInterval(undefined)).toBe(2000);
    expect(orderPollInterval(3)).toBe(2000);
    expect(orderPollInterval(1)).toBe(false);
    expect(orderPollInterval(4)).toBe(false);
  });

  it('finds the open plan order for the pending-order choice', () => {
    const orders = [
      { orderNo: 'a', kind: 'pack' as const, status: 0 },
      { orderNo: 'b', kind: 'plan' as const, status: 5 },
      { orderNo: 'c', kind: 'plan' as const, status: 3 },
    ];
    expect(openPlanOrder(orders)?.orderNo).toBe('c');
    expect(openPlanOrder(orders.slice(0, 2))).toBeNull();
  });

  it('sends enterprise members to customer service', () => {
    expect(buysThroughService('enterprise')).toBe(true);
    expect(buysThroughService('flagship')).toBe(false);
    expect(buysThroughService(null)).toBe(false);
  });

  it('labels ledger kinds', () => {
    expect(ledgerKindKey('expire')).toBe('benefits.kind.expire');
    // Lingshi taken back when the purchase that granted them was refunded.
    expect(ledgerKindKey('revoke')).toBe('benefits.kind.revoke');
    expect(ledgerKindKey('settle')).toBe('benefits.kind.other');
  });
});
