import { jest } from '@jest/globals';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { installFakeApi } from '../../../../test-support/fake-api';
import { sessionStore } from '../../../lib/session';
import { OrderHidePage } from './OrderHidePage';

beforeEach(() => {
  window.sessionStorage.clear();
  window.localStorage.clear();
  sessionStore.set({ token: 't', permissions: ['OrderHide'] });
});

describe('hidden orders: export', () => {
  it('downloads what the screen lists: every order (hidden=all) under the chosen filter, with the hide screen columns', async () => {
    const createObjectURL = jest.fn(() => 'blob:x');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    // jsdom cannot follow the download link; the click itself is what saves the file.
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const api = installFakeApi({
      'GET /admin/productionOrder/list': { data: { list: [], total: 0, page: 1, pageSize: 20 } },
      'GET /admin/customer/options': { data: [] },
      'GET /admin/productionOrder/export': { data: null },
    });
    render(<OrderHidePage />);
    fireEvent.click(await screen.findByRole('button', { name: '导出 Excel' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    click.mockRestore();
    const request = api.requests.find((r) => r.url === '/admin/productionOrder/export')!;
    expect(request.params).toEqual({ sortField: 'id', sortOrder: 'desc', 'filter.hidden': 'all', view: 'hide' });
  });
});
