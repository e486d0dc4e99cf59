import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { ProductionOrder } from '@contracts/orders';
import { sessionStore } from '../../../lib/session';
import { installFakeApi } from '../../../../test-support/fake-api';
import { DocumentUploadPage } from './DocumentUploadPage';

const order = {
  id: 41,
  version: 2,
  orderNo: 'PO260101-0041',
  customerLabel: '客户甲',
  goodsCode: 'ST-1',
  productName: '男衬衫',
  totalQuantity: 120,
  deliveryDate: '2026-12-20',
  document: null,
  documentUploadedAt: null,
  reviewed: false,
} as unknown as ProductionOrder;

function renderAt(path: string) {
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <DocumentUploadPage />
    </Router>,
  );
  return location;
}

describe('production document upload (/production/order/create)', () => {
  beforeEach(() => sessionStore.set({ token: 't', permissions: ['OrderCreate'] }));

  it('opened without an order, offers the orders still missing their document instead of a load error', async () => {
    const api = installFakeApi({
      'GET /admin/productionOrder/list': { data: { list: [order], total: 1, page: 1, pageSize: 100 } },
      'GET /admin/productionOrder/detail': { data: order },
      'GET /admin/productionOrder/documents': { data: { list: [], viewable: true } },
    });
    const location = renderAt('/production/order/create');
    expect(await screen.findByText('选择生产单', { selector: 'label' })).toBeInTheDocument();
    expect(screen.queryByText('订单加载失败')).not.toBeInTheDocument();
    expect(api.requests.find((request) => request.url === '/admin/productionOrder/list')?.params).toMatchObject({ 'filter.document': 'false' });
    expect(api.requests.some((request) => request.url === '/admin/productionOrder/detail')).toBe(false);

    fireEvent.click(screen.getByRole('combobox'));
    fireEvent.click(await screen.findByText('PO260101-0041 · 客户甲 · ST-1 · 2026-12-20'));
    await waitFor(() => expect(location.history.at(-1)).toBe('/production/order/create?id=41'));
    expect(await screen.findByText('尚未上传生产单据')).toBeInTheDocument();
    expect(screen.getByText('PO260101-0041')).toBeInTheDocument();
  });

  it('lists every document of the order: images open, PDFs download, each can be removed', async () => {
    const file = (number: number, kind: 'image' | 'pdf', name: string) => ({
      id: String(number).padStart(32, '0'),
      name,
      number,
      kind,
      mime: kind === 'pdf' ? 'application/pdf' : 'image/webp',
      size: 1536,
      width: null,
      height: null,
      uploadedBy: { id: 1, name: '管理员' },
      uploadedAt: '2026-11-20T08:30:00.000Z',
      owner: { type: 'productionOrder', id: 41 },
      url: `/api/admin/upload/file/${String(number).padStart(32, '0')}`,
      thumbnailUrl: kind === 'image' ? `/api/admin/upload/image/${String(number).padStart(32, '0')}/thumbnail` : null,
    });
    installFakeApi({
      'GET /admin/productionOrder/detail': { data: { ...order, document: '2'.padStart(32, '0') } },
      'GET /admin/productionOrder/documents': { data: { list: [file(8, 'pdf', '裁床单.pdf'), file(7, 'image', '照片.webp')], viewable: true } },
    });
    renderAt('/production/order/create?id=41');
    expect(await screen.findByText('裁床单.pdf')).toBeInTheDocument();
    expect(screen.getByText('照片.webp')).toBeInTheDocument();
    expect(screen.getByText('共 2 份')).toBeInTheDocument();
    expect(screen.getAllByText('1.5 KB')).toHaveLength(2);
    expect(screen.getByTestId('document-download-8')).toHaveAttribute('download', '裁床单.pdf');
    expect(screen.getByTestId('document-open-7')).toHaveAttribute('target', '_blank');
    expect(screen.getByTestId('document-remove-8')).toBeInTheDocument();
    expect(screen.getByTestId('document-file')).toHaveAttribute('multiple');
  });

  it('still says the order failed to load when the named one cannot be read', async () => {
    installFakeApi({ 'GET /admin/productionOrder/detail': { status: 404, code: 404, message: '记录不存在' } });
    renderAt('/production/order/create?id=999');
    expect(await screen.findByText('订单加载失败')).toBeInTheDocument();
  });
});
