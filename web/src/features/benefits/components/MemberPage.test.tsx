import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../lib/session';
import { dismissToast } from '../../../lib/toast';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { MemberPage } from './MemberPage';

const products = {
  plans: [{ productId: 'basic-month', kind: 'plan', productType: 'basic', months: 1, lingshi: 5000, priceFen: 9900, name: '基础版（月付）' }],
  packs: [{ productId: 'pack-1000', kind: 'pack', productType: null, months: 0, lingshi: 1000, priceFen: 1000, name: '1000 灵石加油包' }],
};

const order = (status: number, over: Record<string, unknown> = {}) => ({
  orderNo: 'PM20261121120000123456',
  productId: 'pack-1000',
  kind: 'pack',
  productType: null,
  name: '1000 灵石加油包',
  amountFen: 1000,
  lingshi: 1000,
  months: 0,
  status,
  createdAt: '2026-11-21T12:00:00Z',
  expiresAt: '2026-11-21T12:15:00Z',
  paidAt: null,
  closedAt: null,
  payment: status === 0 || status === 3 ? { payUrl: 'http://x/pay/dev/PM20261121120000123456', qrCode: 'data:image/png;base64,AA==' } : null,
  ...over,
});

let fetchMock: ReturnType<typeof vi.fn>;
type Answer = { status?: number; body: unknown };
let routes: Record<string, () => Answer>;

beforeEach(() => {
  setToken('t');
  fetchMock = vi.fn((url: string, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${url.split('?')[0]}`;
    const handler = routes[key];
    if (!handler) return Promise.resolve(jsonResponse(404, { code: 4004, msg: 'nf', error: 'NOT_FOUND', data: null }));
    const a = handler();
    return Promise.resolve(jsonResponse(a.status ?? 200, a.body));
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  setToken(null);
  dismissToast();
});

const ok = (data: unknown) => () => ({ body: { code: 0, msg: '', data } });

describe('MemberPage', () => {
  it('lists plans, packs, coin details and orders', async () => {
    routes = {
      'GET /api/benefits/products': ok(products),
      'GET /api/ledger': ok({ list: [{ id: 1, kind: 'grant', bucket: 'free', amount: 500, taskId: null, createdAt: '2026-11-21T12:00:00Z' }], total: 1 }),
      'GET /api/orders': ok({ list: [order(5)], total: 1 }),
    };
    renderWithProviders(<MemberPage />);
    expect(await screen.findByTestId('product-basic-month')).toHaveTextContent('¥99.00');
    expect(screen.getByTestId('product-pack-1000')).toHaveTextContent('1000 灵石');
    expect(screen.getByTestId('coins-explanation')).toHaveTextContent('加油包 → 会员套餐赠送 → 免费赠送');
    expect(screen.getByTestId('product-enterprise')).toHaveTextContent('请联系客服购买');
    expect(await screen.findByTestId('ledger-row')).toHaveTextContent('+500');
    expect(await screen.findByTestId('order-row')).toHaveTextContent('已关闭（已取消）');
  });

  it('buying a pack shows the QR and polls the order until it is paid', async () => {
    let polls = 0;
    routes = {
      'GET /api/benefits/products': ok(products),
      'GET /api/ledger': ok({ list: [], total: 0 }),
      'GET /api/orders': ok({ list: [], total: 0 }),
      'POST /api/orders': ok(order(0)),
      'GET /api/orders/PM20261121120000123456': () => {
        polls += 1;
        return { body: { code: 0, msg: '', data: polls > 1 ? order(1) : order(3) } };
      },
    };
    renderWithProviders(<MemberPage />);
    fireEvent.click(await screen.findByText('立即购买'));
    expect(await screen.findByTestId('payment-qr')).toHaveAttribute('src', 'data:image/png;base64,AA==');
    expect(screen.getByTestId('payment-status')).toHaveTextContent('支付中');
    await waitFor(() => expect(screen.getByTestId('payment-success')).toBeInTheDocument(), { timeout: 5000 });
  });

  it('an unpaid plan order offers to pay it or cancel it and order anew', async () => {
    const open = order(0, { kind: 'plan', productId: 'basic-month', productType: 'basic', orderNo: 'PM20261121120000999999' });
    routes = {
      'GET /api/benefits/products': ok(products),
      'GET /api/ledger': ok({ list: [], total: 0 }),
      'GET /api/orders': ok({ list: [open], total: 1 }),
      'POST /api/orders': () => ({
        status: 409,
        body: { code: 6003, msg: '您有一笔待支付的会员订单，请继续支付或取消后重新下单', error: 'ORDER_PENDING_EXISTS', data: { orderNo: open.orderNo } },
      }),
    };
    renderWithProviders(<MemberPage />);
    await screen.findByTestId('order-row');
    fireEvent.click(await screen.findByText('立即开通'));
    const choice = await screen.findByTestId('pending-order-choice');
    expect(choice).toHaveTextContent('继续支付');
    expect(choice).toHaveTextContent('取消并重新下单');
  });
});

describe('MemberPage: names, comparison, empty lists, what was charged', () => {
  const plans = [
    { productId: 'basic-month', kind: 'plan', productType: 'basic', months: 1, lingshi: 5000, priceFen: 9900, name: '基础版（月付）' },
    { productId: 'basic-year', kind: 'plan', productType: 'basic', months: 12, lingshi: 5000, priceFen: 99900, name: '基础版（年付）' },
    { productId: 'flagship-month', kind: 'plan', productType: 'flagship', months: 1, lingshi: 80000, priceFen: 129900, name: '旗舰版（月付）' },
  ];

  it('shows the plan by its name, not its code', async () => {
    routes = {
      'GET /api/benefits/products': ok(products),
      'GET /api/ledger': ok({ list: [], total: 0 }),
      'GET /api/orders': ok({ list: [], total: 0 }),
    };
    renderWithProviders(<MemberPage />, { productType: 'free' });
    expect(screen.getByTestId('benefits-plan')).toHaveTextContent('免费版');
    expect(screen.getByTestId('benefits-plan')).not.toHaveTextContent('free');
  });

  it('compares the plans side by side: a column per tier, a row per benefit', async () => {
    routes = {
      'GET /api/benefits/products': ok({ plans, packs: [] }),
      'GET /api/ledger': ok({ list: [], total: 0 }),
      'GET /api/orders': ok({ list: [], total: 0 }),
    };
    renderWithProviders(<MemberPage />, { productType: 'basic' });
    const table = await screen.findByTestId('plan-compare');
    const heads = within(table).getAllByRole('columnheader').map((th) => th.textContent);
    expect(heads).toEqual(['权益', '免费版', '基础版当前', '旗舰版', '企业版']);
    expect(screen.getByTestId('plan-col-basic')).toHaveClass('current');
    expect(screen.getByTestId('plan-row-term-1')).toHaveTextContent('月付');
    expect(screen.getByTestId('product-basic-year')).toHaveTextContent('¥999.00');
    const batch = within(screen.getByTestId('plan-row-batch'));
    expect(batch.getAllByRole('img').map((i) => i.getAttribute('aria-label'))).toEqual(['不包含', '不包含', '包含', '包含']);
    expect(screen.getByTestId('plan-row-lingshi')).toHaveTextContent('每月 80,000');
    // One list, not a card per plan.
    expect(screen.queryAllByRole('listitem').filter((li) => li.className.includes('product-card'))).toHaveLength(0);
  });

  it('says when there are no orders and no coin movements', async () => {
    routes = {
      'GET /api/benefits/products': ok(products),
      'GET /api/ledger': ok({ list: [], total: 0 }),
      'GET /api/orders': ok({ list: [], total: 0 }),
    };
    renderWithProviders(<MemberPage />);
    expect(await screen.findByTestId('orders-empty')).toHaveTextContent('暂无订单');
    expect(await screen.findByTestId('ledger-empty')).toHaveTextContent('暂无灵石明细');
  });

  it('a charge names the feature: from the entry, else from its task', async () => {
    const entry = (id: number, over: Record<string, unknown>) => ({
      id,
      kind: 'charge',
      bucket: 'free',
      amount: -5,
      taskId: null,
      createdAt: '2026-11-21T12:00:00Z',
      ...over,
    });
    routes = {
      'GET /api/benefits/products': ok(products),
      'GET /api/ledger': ok({
        list: [entry(2, { bizType: 'PRODUCT_IMAGE', taskId: 'a' }), entry(1, { amount: -80, taskId: 'v1' })],
        total: 2,
      }),
      'GET /api/orders': ok({ list: [], total: 0 }),
      'GET /api/tasks/v1': ok({ taskId: 'v1', bizType: 'IMG_2_VEDIO', status: 'SUCCESS', results: [] }),
    };
    renderWithProviders(<MemberPage />);
    const rows = await screen.findAllByTestId('ledger-row');
    expect(rows[0]).toHaveTextContent('商品图生成消耗 · 免费赠送');
    await waitFor(() => expect(rows[1]).toHaveTextContent('图生视频生成消耗'));
    expect(rows[0]).toHaveTextContent('2026年11月21日');
    expect(fetchMock.mock.calls.map(([u]) => String(u))).not.toContain('/api/tasks/a');
  });
});
