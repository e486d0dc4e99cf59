import { jest } from '@jest/globals';
import { installFakeApi } from '../../../../test-support/fake-api';
import { DEFAULT_SCHEDULE_QUERY } from '../model/schedule-query';
import { exportSchedule } from './schedule';

describe('schedule export', () => {
  it("asks for the list's filter and sort without the page, and saves the file as .xlsx", async () => {
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:x'), revokeObjectURL: jest.fn() });
    // jsdom cannot follow the download link; the click itself is what saves the file.
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const api = installFakeApi({ 'GET /admin/schedule/export': { data: null } });
    const query = { ...DEFAULT_SCHEDULE_QUERY, page: 3, keyword: ' PO-1 ', filters: { status: 'delayed', customer: '7', deliveryFrom: 'nonsense' } };
    expect(await exportSchedule(query)).toBe('schedule.xlsx');
    expect(api.requests[0].params).toEqual({ sortField: query.sortField, sortOrder: query.sortOrder, includeCompleted: 'false', keyword: 'PO-1', customer: '7', status: 'delayed' });
    expect(click).toHaveBeenCalledTimes(1);
    click.mockRestore();
  });
});
