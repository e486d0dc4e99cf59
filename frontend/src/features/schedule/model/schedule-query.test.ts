import { DEFAULT_SCHEDULE_QUERY, parseScheduleQuery, toScheduleParams } from './schedule-query';

describe('schedule query', () => {
  it('sends paging, sort, includeCompleted and only the filters that are set and well formed', () => {
    expect(toScheduleParams(DEFAULT_SCHEDULE_QUERY)).toEqual({ page: 1, pageSize: 20, sortField: 'deliveryDate', sortOrder: 'asc', includeCompleted: 'false' });
    expect(
      toScheduleParams({
        ...DEFAULT_SCHEDULE_QUERY,
        keyword: '  PO2026 ',
        includeCompleted: true,
        filters: { customer: '12', status: 'delayed', deliveryFrom: '2026-03-01', deliveryTo: 'soon' },
      }),
    ).toEqual({
      page: 1,
      pageSize: 20,
      sortField: 'deliveryDate',
      sortOrder: 'asc',
      includeCompleted: 'true',
      keyword: 'PO2026',
      customer: '12',
      status: 'delayed',
      deliveryFrom: '2026-03-01',
    });
  });

  it('restores a remembered state and drops what no longer makes sense', () => {
    expect(parseScheduleQuery(null)).toEqual(DEFAULT_SCHEDULE_QUERY);
    expect(parseScheduleQuery('{oops')).toEqual(DEFAULT_SCHEDULE_QUERY);
    expect(
      parseScheduleQuery(JSON.stringify({ page: 3, pageSize: 50, sortField: 'finishRate', sortOrder: 'desc', keyword: 'x', filters: { customer: '4', goods: '9' }, includeCompleted: true })),
    ).toEqual({ page: 3, pageSize: 50, sortField: 'finishRate', sortOrder: 'desc', keyword: 'x', filters: { customer: '4' }, includeCompleted: true });
    expect(parseScheduleQuery(JSON.stringify({ page: -1, pageSize: 7, sortField: 'id' }))).toMatchObject({ page: 1, pageSize: 20, sortField: 'deliveryDate' });
  });
});
