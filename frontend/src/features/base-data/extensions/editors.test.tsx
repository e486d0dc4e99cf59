import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { SPECIAL_MASTER_DATA } from '@contracts/master-data';
import { installFakeApi } from '../../../../test-support/fake-api';
import { MasterDataForm } from '../components/MasterDataFormPage';
import { moveItem } from './move';
import { firstUnnamedStep, stepsOfRecord, stepsToJson } from './process-steps';
import { sizesOfRecord, sizesProblem, sizesToJson } from './size-sizes';
import { idList, idsOf } from './goods-colors-sizes';

describe('ordered editors (pure parts)', () => {
  it('moves rows up and down and stays put at the edges', () => {
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it('reads steps in sequence and sends them as JSON in editor order', () => {
    const rows = stepsOfRecord([
      { id: 2, name: '上袖', sequence: 2, pieceRate: '0.40' },
      { id: 1, name: '上领', sequence: 1, pieceRate: null },
    ]);
    expect(rows.map((row) => row.name)).toEqual(['上领', '上袖']);
    expect(JSON.parse(stepsToJson(rows))).toEqual([
      { name: '上领', pieceRate: null },
      { name: '上袖', pieceRate: 0.4 },
    ]);
    expect(firstUnnamedStep([...rows, { key: 'x', name: ' ', pieceRate: null }])).toBe(3);
  });

  it('keeps existing size ids, sends new sizes without one and refuses empty or duplicate names', () => {
    const rows = [...sizesOfRecord([{ id: 4, name: 'M', sortOrder: 2 }, { id: 3, name: 'S', sortOrder: 1 }]), { key: 'n', name: 'XL' }];
    expect(JSON.parse(sizesToJson(rows))).toEqual([{ id: 3, name: 'S' }, { id: 4, name: 'M' }, { name: 'XL' }]);
    expect(sizesProblem(rows)).toBeNull();
    expect(sizesProblem([])).toBe('请至少添加一个尺码');
    expect(sizesProblem([...rows, { key: 'd', name: 's' }])).toBe('尺码重复：s');
  });

  it('reads goods colours and sizes from detail objects or id lists', () => {
    expect(idsOf([{ id: 3 }, { id: 1 }], undefined)).toEqual([3, 1]);
    expect(idsOf(undefined, '3,1,7')).toEqual([3, 1, 7]);
    expect(idList([3, 1])).toBe('3,1');
  });
});

describe('process form with the steps editor', () => {
  it('adds, orders and sends sub-processes with the generic fields', async () => {
    const api = installFakeApi({ 'POST /admin/process/create': { data: { id: 1, version: 1 } } });
    render(<MasterDataForm definition={SPECIAL_MASTER_DATA.process} mode="create" titleKey="baseData:routes.process.create" />);
    fireEvent.change(screen.getByLabelText(/工序编号/), { target: { value: 'P-10' } });
    fireEvent.change(screen.getByLabelText(/工序名称/), { target: { value: '车缝' } });
    fireEvent.click(screen.getByLabelText('结束工序'));

    const add = screen.getByRole('button', { name: '添加子工序' });
    fireEvent.click(add);
    fireEvent.click(add);
    fireEvent.change(screen.getByLabelText('子工序名称 1'), { target: { value: '上领' } });
    fireEvent.change(screen.getByLabelText('子工序名称 2'), { target: { value: '上袖' } });
    const second = screen.getAllByTestId('step-row')[1];
    fireEvent.click(within(second).getByRole('button', { name: '上移' }));

    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(api.bodiesOf('/admin/process/create')).toHaveLength(1));
    const body = api.bodiesOf('/admin/process/create')[0];
    expect(body.get('code')).toBe('P-10');
    expect(body.get('endProcess')).toBe('true');
    expect(JSON.parse(body.get('steps') ?? '')).toEqual([
      { name: '上袖', pieceRate: null },
      { name: '上领', pieceRate: null },
    ]);
  });

  it('shows a refusal under the field the server names, and a stale version as a conflict', async () => {
    installFakeApi({
      'GET /admin/process/detail': { data: { id: 5, version: 2, code: 'P-5', name: '整烫', sortOrder: 5, steps: [] } },
      'POST /admin/process/update': (request) =>
        new URLSearchParams(String(request.data)).get('name') === 'dup'
          ? { status: 409, message: '工序名称已存在', data: { errorKey: 'alreadyExists', field: 'name' } }
          : { status: 409, message: '数据已被他人修改，请刷新后重试', data: { errorKey: 'conflict' } },
    });
    render(<MasterDataForm definition={SPECIAL_MASTER_DATA.process} mode="update" id="5" titleKey="baseData:routes.process.update" />);
    const name = await screen.findByDisplayValue('整烫');
    fireEvent.change(name, { target: { value: 'dup' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('工序名称已存在')).toHaveClass('field-error');

    fireEvent.change(name, { target: { value: '熨烫' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByTestId('form-banner')).toHaveTextContent('记录已被他人修改');
    expect(screen.getByRole('button', { name: '重新加载' })).toBeInTheDocument();
  });

  it('refuses a step without a name before asking the server', async () => {
    const api = installFakeApi({});
    render(<MasterDataForm definition={SPECIAL_MASTER_DATA.process} mode="create" titleKey="baseData:routes.process.create" />);
    fireEvent.change(screen.getByLabelText(/工序编号/), { target: { value: 'P-11' } });
    fireEvent.change(screen.getByLabelText(/工序名称/), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: '添加子工序' }));
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('第 1 行子工序名称不能为空')).toBeInTheDocument();
    expect(api.requests.filter((request) => request.method === 'post')).toHaveLength(0);
  });
});
