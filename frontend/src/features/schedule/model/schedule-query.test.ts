import { DEFAULT_SCHEDULE_QUERY, parseScheduleQuery, toScheduleParams, scheduleQueryFromUrl } from './schedule-query';

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

  it('takes a link\'s filter from the URL: the whole filter, page 1, the remembered page size kept', () => {
    const remembered = { ...DEFAULT_SCHEDULE_QUERY, page: 4, pageSize: 50, keyword: 'old', filters: { customer: '3' }, includeCompleted: true };
    expect(scheduleQueryFromUrl('?status=delayed&sortField=deliveryDate&sortOrder=asc', remembered)).toEqual({
      page: 1,
      pageSize: 50,
      sortField: 'deliveryDate',
      sortOrder: 'asc',
      keyword: '',
      filters: { status: 'delayed' },
      includeCompleted: false,
    });
    expect(scheduleQueryFromUrl('deliveryFrom=2026-03-03&deliveryTo=2026-03-09', remembered).filters).toEqual({ deliveryFrom: '2026-03-03', deliveryTo: '2026-03-09' });
    expect(scheduleQueryFromUrl('?includeCompleted=false&sortField=finishRate', remembered)).toMatchObject({ sortField: 'finishRate', filters: {}, keyword: '' });
    const completed = scheduleQueryFromUrl('?completedFrom=2026-03-01&completedTo=2026-03-31', remembered);
    expect(toScheduleParams(completed)).toMatchObject({ completedFrom: '2026-03-01', completedTo: '2026-03-31' });
    // Nothing about the list in the URL: the remembered state, untouched; odd values fall back.
    expect(scheduleQueryFromUrl('', remembered)).toBe(remembered);
    expect(scheduleQueryFromUrl('?utm=x', remembered)).toBe(remembered);
    expect(scheduleQueryFromUrl('?sortField=id&sortOrder=sideways', remembered)).toMatchObject({ sortField: 'deliveryDate', sortOrder: 'asc' });
  });
});
