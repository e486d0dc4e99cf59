import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { installFakeApi } from '../../../../test-support/fake-api';
import { resetCurrencyCodes } from '../../../components/data-list/use-currency-codes';
import { sessionStore } from '../../../lib/session';
import { SaleOrderListPage } from './SaleOrderListPage';

const order = (id: number, currency: number | null) => ({
  id,
  version: 1,
  orderNo: `SO-${id}`,
  orderDate: '2026-11-01',
  deliveryDate: '2026-12-01',
  customer: 1,
  customerLabel: '海澜',
  customerOrderNo: 'C-1',
  currency,
  currencyLabel: null,
  merchandiserLabel: '林伟',
  totalQuantity: 1200,
  totalAmount: 1234.5,
  profit: 100,
  profitRate: 0.081,
  productionOrderCount: 1,
});

beforeEach(() => {
  window.sessionStorage.clear();
  window.localStorage.clear();
  resetCurrencyCodes();
  sessionStore.set({ token: 't', permissions: ['SaleOrder', 'SaleOrderUpdate', 'SaleOrderCreate'] });
});

describe('sales-order list', () => {
  it('shows each amount in its order currency and puts delete in the row menu', async () => {
    installFakeApi({
      'GET /admin/saleOrder/list': { data: { list: [order(1, 2), order(2, null)], total: 2, page: 1, pageSize: 20 } },
      'GET /admin/currency/options': { data: [{ id: 2, code: 'USD', name: '美元' }] },
      'GET /admin/customer/options': { data: [] },
      'GET /admin/merchandiser/options': { data: [] },
    });
    render(<SaleOrderListPage />);
    const first = (await screen.findByText('SO-1')).closest('tr')!;
    await waitFor(() => expect(within(first).getByText('US$1,234.50')).toBeInTheDocument());
    const second = screen.getByText('SO-2').closest('tr')!;
    // No currency on the order: a plain amount, never a wrong symbol.
    expect(within(second).getByText('1,234.50')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: '编辑 SO-1' })).toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: /删除/ })).not.toBeInTheDocument();
    fireEvent.click(within(first).getByRole('button', { name: 'SO-1 的操作' }));
    expect(await screen.findByRole('menuitem', { name: '删除', hidden: true })).toBeInTheDocument();
    // Merchandiser and customer order no. start hidden (column chooser), the key columns show.
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent?.trim());
    expect(headers).toEqual(expect.arrayContaining(['订单号', '客户', '交货日期']));
    expect(headers).not.toContain('跟单员');
  });
});
