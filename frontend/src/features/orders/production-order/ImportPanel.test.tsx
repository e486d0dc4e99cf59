import { jest } from '@jest/globals';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { installFakeApi } from '../../../../test-support/fake-api';
import { ImportPanel } from './ImportPanel';

describe('production-order import', () => {
  it('lists every refused row with its column and message', async () => {
    const api = installFakeApi({
      'POST /admin/productionOrder/importExcel': {
        status: 400,
        code: 400,
        message: '导入失败：2 行有错误',
        data: {
          errorKey: 'importInvalid',
          errors: [
            { row: 3, column: '客户编码', message: '客户不存在' },
            { row: 5, column: '数量', message: '数量必须大于 0' },
          ],
        },
      },
    });
    const onImported = jest.fn();
    render(<ImportPanel onImported={onImported} />);
    const file = new File(['x'], 'orders.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    fireEvent.change(screen.getByTestId('import-file'), { target: { files: [file] } });
    const table = await screen.findByTestId('import-errors');
    expect(table).toHaveTextContent('导入失败：2 行有错误');
    expect(screen.getByText('客户不存在')).toBeInTheDocument();
    expect(screen.getByText('数量必须大于 0')).toBeInTheDocument();
    expect(screen.getByText('客户编码')).toBeInTheDocument();
    const rows = table.querySelectorAll('tbody tr');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('3');
    expect(onImported).not.toHaveBeenCalled();
    expect(api.requests[0].data).toBeInstanceOf(FormData);
    expect((api.requests[0].data as FormData).get('file')).toBeInstanceOf(File);
  });

  it('reports success and hands over', async () => {
    installFakeApi({ 'POST /admin/productionOrder/importExcel': { data: { created: 2, orders: [] } } });
    const onImported = jest.fn();
    render(<ImportPanel onImported={onImported} />);
    fireEvent.change(screen.getByTestId('import-file'), { target: { files: [new File(['x'], 'ok.xlsx')] } });
    await waitFor(() => expect(onImported).toHaveBeenCalled());
    expect(screen.queryByTestId('import-errors')).not.toBeInTheDocument();
  });
});
