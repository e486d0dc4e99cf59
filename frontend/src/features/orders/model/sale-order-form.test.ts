import { lineProblem, orderTotals, saleOrderBody, emptyHeader, type LineDraft } from './sale-order-form';

const line = (key: string, goodsId: number, values: Record<string, number>): LineDraft => ({
  key,
  goodsId,
  goodsCode: `S${goodsId}`,
  productName: 'Tee',
  costPrice: 10,
  sellingPrice: 25,
  packingUnit: '',
  packingQuantity: null,
  note: '',
  colors: [{ id: 1, code: 'BLK', name: 'Black', hex: '#000000' }],
  sizes: [
    { id: 5, name: 'S' },
    { id: 6, name: 'M' },
  ],
  values,
});

describe('sales-order form model', () => {
  it('refuses what the server refuses, in its order', () => {
    expect(lineProblem([])).toEqual({ key: 'noChildDetail' });
    expect(lineProblem([line('a', 1, {})])).toMatchObject({ key: 'noColorOrSize', line: 1 });
    expect(lineProblem([line('a', 1, { '1:5': 3 }), line('b', 1, { '1:6': 2 })])).toMatchObject({ key: 'alreadyExists', line: 2, lineKey: 'b' });
    expect(lineProblem([line('a', 1, { '1:5': 3 })])).toBeNull();
  });

  it('derives totals, profit and rate, and builds the form body with the lines as JSON', () => {
    const lines = [line('a', 1, { '1:5': 10, '1:6': 10 })];
    expect(orderTotals(lines, 50)).toEqual({ totalQuantity: 20, totalAmount: 500, totalCost: 200, profit: 250, profitRate: 0.5 });
    const header = { ...emptyHeader('2026-01-05'), customer: 3, deliveryDate: '2026-02-01' };
    const body = saleOrderBody(header, lines, 'create');
    expect(body).toMatchObject({ orderDate: '2026-01-05', deliveryDate: '2026-02-01', customer: 3 });
    expect(body.currency).toBeUndefined();
    expect(JSON.parse(String(body.lines))).toEqual([
      { goodsId: 1, costPrice: 10, sellingPrice: 25, productName: 'Tee', cells: [{ colorId: 1, sizeId: 5, quantity: 10 }, { colorId: 1, sizeId: 6, quantity: 10 }] },
    ]);
    expect(saleOrderBody(header, lines, 'update').currency).toBe('');
  });
});
