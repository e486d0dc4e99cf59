import { jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { LayInput, LayRecord, OrderCutting } from '@contracts/bundles';
import { ApiError } from '../../../lib/http-client';
import { LayFormDialog, type LayFormApi } from './LayFormDialog';

const cutting = (colors = [{ id: 1, name: '白色' }]): OrderCutting => ({
  orderId: 5,
  orderNo: 'PO202611-0005',
  cuttingProcessId: 3,
  colors,
  sizes: [
    { id: 11, name: 'M' },
    { id: 12, name: 'L' },
  ],
  cells: [
    { colorId: 1, sizeId: 11, ordered: 100, cut: 0, difference: -100 },
    { colorId: 1, sizeId: 12, ordered: 20, cut: 0, difference: -20 },
  ],
  lays: [],
});

const saved = { id: 9, layNo: 1, bundleCount: 3 } as LayRecord;

async function setup(order = cutting(), api: Partial<LayFormApi> = {}) {
  const create = jest.fn<LayFormApi['create']>(async () => saved);
  const onSaved = jest.fn();
  const calls: Partial<LayFormApi> = { create, cutters: async () => [{ id: 7, name: '裁床小王', username: 'wang', departmentName: '裁床', processIds: [3] }], ...api };
  // The cutters load on opening.
  await act(async () => {
    render(<LayFormDialog cutting={order} lay={null} visible onHide={() => undefined} onSaved={onSaved} api={calls} />);
  });
  const dialog = screen.getByTestId('lay-form-dialog');
  const number = (label: string) => within(dialog).getByLabelText(label) as HTMLInputElement;
  const type = (input: HTMLInputElement, value: string) => fireEvent.change(input, { target: { value } });
  return { dialog, create, onSaved, number, type };
}

describe('lay form', () => {
  it('names what is missing and saves nothing', async () => {
    const { dialog, create } = await setup(
      cutting([
        { id: 1, name: '白色' },
        { id: 2, name: '黑色' },
      ]),
    );
    fireEvent.click(within(dialog).getByTestId('lay-save'));
    expect(await within(dialog).findByText('请选择订单上的颜色')).toBeInTheDocument();
    expect(within(dialog).getByText('层数是 1–1000 的整数')).toBeInTheDocument();
    expect(within(dialog).getByText('至少一个尺码要有配比或数量')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
    // The first field to fix has the focus.
    expect(document.activeElement?.id).toBe('lay-colorId-input');
  });

  it('previews the bundles while typing, ratio × plies, and saves the lay', async () => {
    const { dialog, create, onSaved, number, type } = await setup();
    type(number('层数'), '10');
    type(number('M 配比'), '4');
    type(number('L 配比'), '1');
    type(number('每扎件数'), '15');
    const preview = within(dialog).getByTestId('lay-preview');
    // M: 40 pieces → 15 + 15 + 10; L: 10 pieces → one bundle of 10.
    expect(within(preview).getByTestId('lay-preview-summary')).toHaveTextContent('共 4 扎，50 件');
    expect(within(preview).getByTestId('preview-M')).toHaveTextContent(/M40310100/);
    expect(within(preview).getByTestId('preview-L')).toHaveTextContent(/L10110200-10/);

    fireEvent.click(within(dialog).getByTestId('lay-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(create.mock.calls[0][0]).toEqual<LayInput>({
      orderId: 5,
      colorId: 1,
      plies: 10,
      sizes: [
        { sizeId: 11, ratio: 4 },
        { sizeId: 12, ratio: 1 },
      ],
      bundleSize: 15,
    });
  });

  it('keeps what is typed when the page reloads its data live (a scan or another lay elsewhere)', async () => {
    const calls: Partial<LayFormApi> = { create: jest.fn<LayFormApi['create']>(async () => saved), cutters: async () => [] };
    let view!: ReturnType<typeof render>;
    await act(async () => {
      view = render(<LayFormDialog cutting={cutting()} lay={null} visible onHide={() => undefined} onSaved={() => undefined} api={calls} />);
    });
    const field = (label: string) => within(screen.getByTestId('lay-form-dialog')).getByLabelText(label) as HTMLInputElement;
    fireEvent.change(field('层数'), { target: { value: '10' } });
    fireEvent.change(field('M 配比'), { target: { value: '4' } });
    fireEvent.change(field('每扎件数'), { target: { value: '15' } });
    const summary = () => within(screen.getByTestId('lay-preview')).getByTestId('lay-preview-summary');
    expect(summary()).toHaveTextContent('共 3 扎，40 件');
    // The same order reloaded: new objects, same data.
    await act(async () => {
      view.rerender(<LayFormDialog cutting={cutting()} lay={null} visible onHide={() => undefined} onSaved={() => undefined} api={calls} />);
    });
    expect(summary()).toHaveTextContent('共 3 扎，40 件');
  });

  it('switches to quantities and flags an over-cut in the preview', async () => {
    const { dialog, number, type } = await setup();
    fireEvent.click(within(within(dialog).getByTestId('lay-mode')).getByText('按数量'));
    type(number('层数'), '1');
    type(number('L 数量'), '25');
    const row = within(dialog).getByTestId('preview-L');
    expect(row).toHaveTextContent(/L2525200\+5/);
    expect(row.querySelector('.is-over')).not.toBeNull();
  });

  it('shows the server refusal and keeps the form', async () => {
    const create = jest.fn<LayFormApi['create']>(async () => {
      throw new ApiError('超出计划：M 还可裁 20 件', 409, 'api', { errorKey: 'overPlan' });
    });
    const { dialog, number, type, onSaved } = await setup(cutting(), { create });
    type(number('层数'), '10');
    type(number('M 配比'), '3');
    await act(async () => {
      fireEvent.click(within(dialog).getByTestId('lay-save'));
    });
    expect(await within(dialog).findByTestId('lay-server-error')).toHaveTextContent('超出计划：M 还可裁 20 件');
    expect(onSaved).not.toHaveBeenCalled();
    expect(number('M 配比').value).toBe('3');
  });
});
