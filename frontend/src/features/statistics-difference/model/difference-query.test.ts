import { DEFAULT_DIFFERENCE_QUERY, diffKind, hasDifferenceFilters, parseDifferenceQuery, toDifferenceFilterParams, toDifferenceParams } from './difference-query';

describe('difference query', () => {
  it('sends only well-formed filters, by the contract’s names', () => {
    const query = {
      ...DEFAULT_DIFFERENCE_QUERY,
      page: 3,
      pageSize: 50,
      orderNo: '  PO-12 ',
      status: 'all' as const,
      onlyDifferences: true,
      filters: { customerId: '4', goodsId: '9', orderDateFrom: '2026-11-01', orderDateTo: 'soon', deliveryFrom: '2026-12-01', deliveryTo: '2026-12-31' },
    };
    expect(toDifferenceParams(query)).toEqual({
      page: 3,
      pageSize: 50,
      orderNo: 'PO-12',
      status: 'all',
      onlyDifferences: 'true',
      customerId: '4',
      goodsId: '9',
      orderDateFrom: '2026-11-01',
      deliveryFrom: '2026-12-01',
      deliveryTo: '2026-12-31',
    });
    expect(toDifferenceFilterParams(query)).not.toHaveProperty('page');
    expect(toDifferenceParams({ ...DEFAULT_DIFFERENCE_QUERY, filters: { customerId: '0', goodsId: 'x' } })).toEqual({ page: 1, pageSize: 20, status: 'open' });
  });

  it('knows when anything is filtered, and restores a remembered state field by field', () => {
    expect(hasDifferenceFilters(DEFAULT_DIFFERENCE_QUERY)).toBe(false);
    expect(hasDifferenceFilters({ ...DEFAULT_DIFFERENCE_QUERY, status: 'completed' })).toBe(true);
    expect(parseDifferenceQuery('{"pageSize":50,"status":"nope","filters":{"customerId":"2","evil":"1"},"onlyDifferences":true}')).toEqual({
      ...DEFAULT_DIFFERENCE_QUERY,
      pageSize: 50,
      filters: { customerId: '2' },
      onlyDifferences: true,
    });
    expect(parseDifferenceQuery('not json')).toBe(DEFAULT_DIFFERENCE_QUERY);
  });

  it('reads negative as short, positive as over, null as not measured', () => {
    expect([diffKind(-1), diffKind(0), diffKind(3), diffKind(null)]).toEqual(['short', 'even', 'over', 'none']);
  });
});
