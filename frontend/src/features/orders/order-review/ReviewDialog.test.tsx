import { jest } from '@jest/globals';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ProductionOrder } from '@contracts/orders';
import { installFakeApi } from '../../../../test-support/fake-api';
import { ReviewDialog } from './ReviewDialog';

const order = { id: 7, version: 3, orderNo: 'PO202601-0007', reviewed: false, document: null } as unknown as ProductionOrder;

describe('review dialog', () => {
  it('asks to confirm when the document is not uploaded, then resends with confirmWithoutDocument', async () => {
    let calls = 0;
    const api = installFakeApi({
      'POST /admin/productionOrder/review': () =>
        ++calls === 1
          ? { status: 409, code: 409, message: '该单据未上传，确认审核？', data: { errorKey: 'documentNotUploaded' } }
          : { data: { ...order, reviewed: true, version: 4 } },
    });
    const onDone = jest.fn();
    render(<ReviewDialog order={order} mode="review" onClose={() => undefined} onDone={onDone} />);
    fireEvent.change(screen.getByLabelText('备注'), { target: { value: '急单' } });
    fireEvent.click(screen.getByTestId('review-submit'));
    expect(await screen.findByText('该单据未上传，确认审核？')).toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
    const first = api.bodiesOf('/admin/productionOrder/review')[0];
    expect(first.get('confirmWithoutDocument')).toBeNull();
    expect(first.get('note')).toBe('急单');
    expect(first.get('version')).toBe('3');

    fireEvent.click(screen.getByTestId('confirm-without-document'));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(expect.objectContaining({ reviewed: true })));
    const second = api.bodiesOf('/admin/productionOrder/review')[1];
    expect(second.get('confirmWithoutDocument')).toBe('true');
    expect(second.get('note')).toBe('急单');
  });

  it('goes back to the form when the confirmation is declined, sending nothing more', async () => {
    const api = installFakeApi({
      'POST /admin/productionOrder/review': { status: 409, code: 409, message: 'x', data: { errorKey: 'documentNotUploaded' } },
    });
    render(<ReviewDialog order={order} mode="review" onClose={() => undefined} onDone={() => undefined} />);
    fireEvent.click(screen.getByTestId('review-submit'));
    await screen.findByText('该单据未上传，确认审核？');
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    expect(await screen.findByLabelText('备注')).toBeInTheDocument();
    expect(api.bodiesOf('/admin/productionOrder/review')).toHaveLength(1);
  });

  it('shows any other refusal in the dialog', async () => {
    installFakeApi({ 'POST /admin/productionOrder/review': { status: 409, code: 409, message: '记录已被他人修改', data: { errorKey: 'conflict' } } });
    render(<ReviewDialog order={order} mode="review" onClose={() => undefined} onDone={() => undefined} />);
    fireEvent.click(screen.getByTestId('review-submit'));
    expect(await screen.findByText('记录已被他人修改')).toBeInTheDocument();
  });
});
