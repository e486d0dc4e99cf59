import { TextEncoder } from 'node:util';
import { jest } from '@jest/globals';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { decodeTicket } from '@contracts/production';
import type { ProductionOrder } from '@contracts/orders';
import { installFakeApi } from '../../../../test-support/fake-api';
import { JobTicketDialog } from './JobTicketDialog';
import { jobTicketsOf, summaryOf } from './job-tickets';

// jsdom has no TextEncoder; the qrcode package encodes its payload with one.
if (!globalThis.TextEncoder) Object.assign(globalThis, { TextEncoder });

const order = {
  id: 9,
  orderNo: 'PO202611-0009',
  customerLabel: '海澜 Hailan',
  customerOrderNo: 'HL-778',
  goodsCode: 'TS-001',
  productName: '圆领T恤',
  deliveryDate: '2026-12-20',
  totalQuantity: 60,
  colors: [
    { id: 1, code: 'WH', name: '白色', hex: '#fff' },
    { id: 2, code: 'BK', name: '黑色', hex: '#000' },
    { id: 3, code: 'RD', name: '红色', hex: '#f00' },
  ],
  sizes: [
    { id: 11, name: 'M' },
    { id: 12, name: 'L' },
    { id: 13, name: 'XL' },
  ],
  cells: [
    { colorId: 1, sizeId: 11, quantity: 10 },
    { colorId: 1, sizeId: 12, quantity: 20 },
    { colorId: 2, sizeId: 12, quantity: 30 },
  ],
  route: [
    { processId: 2, processName: '缝制', sequence: 2, dueDate: '2026-12-10' },
    { processId: 1, processName: '裁床', sequence: 1, dueDate: '2026-12-05' },
    { processId: 7, processName: '入库', sequence: 3, dueDate: '2026-12-20' },
  ],
} as unknown as ProductionOrder;

const processes = [
  { id: 1, code: 'P01', name: '裁床' },
  { id: 2, code: 'P02', name: '缝制' },
  { id: 7, code: 'P07', name: '入库' },
];

describe('job tickets', () => {
  it('sums colours × sizes, leaving out empty rows and columns', () => {
    const summary = summaryOf(order);
    expect(summary.sizes.map((size) => size.name)).toEqual(['M', 'L']);
    expect(summary.rows).toEqual([
      { id: 1, name: '白色', quantities: [10, 20], total: 30 },
      { id: 2, name: '黑色', quantities: [0, 30], total: 30 },
    ]);
    expect(summary.sizeTotals).toEqual([10, 50]);
    expect(summary.total).toBe(60);
  });

  it('makes one ticket per route step in sequence, each QR naming order and process', () => {
    const tickets = jobTicketsOf(order, processes.slice(0, 2));
    expect(tickets.orderPayload).toBe('SB1|PO202611-0009');
    expect(tickets.processes.map((ticket) => ticket.payload)).toEqual(['SB1|PO202611-0009|P01', 'SB1|PO202611-0009|P02']);
    expect(tickets.processes.map((ticket) => decodeTicket(ticket.payload))).toEqual([
      { orderNo: 'PO202611-0009', processCode: 'P01' },
      { orderNo: 'PO202611-0009', processCode: 'P02' },
    ]);
    // The warehouse process is no longer in the flow: reported, not silently skipped.
    expect(tickets.missingCodes).toEqual([7]);
  });

  it('shows the order ticket and the process tickets with QR codes, and prints', async () => {
    installFakeApi({
      'GET /admin/productionOrder/detail': { data: order },
      'GET /admin/process/options': { data: processes },
    });
    const print = jest.fn();
    window.print = print;
    render(<JobTicketDialog orderId={9} onHide={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    const orderTicket = await within(dialog).findByText('生产单工票');
    const sheet = orderTicket.closest('.ticket-sheet') as HTMLElement;
    expect(within(sheet).getByText('PO202611-0009', { selector: '.ticket-order-no' })).toBeInTheDocument();
    expect(within(sheet).getByText('海澜 Hailan')).toBeInTheDocument();
    expect(within(sheet).getByText('2026-12-20')).toBeInTheDocument();

    const tickets = Array.from(sheet.querySelectorAll('[data-ticket]')).map((element) => element.getAttribute('data-ticket'));
    expect(tickets).toEqual(['SB1|PO202611-0009', 'SB1|PO202611-0009|P01', 'SB1|PO202611-0009|P02', 'SB1|PO202611-0009|P07']);
    // Each QR is an SVG of its payload.
    const qr = sheet.querySelector('[data-payload="SB1|PO202611-0009|P02"]');
    expect(qr?.querySelector('svg')).not.toBeNull();
    expect(within(sheet).getByText('第 2 / 3 道工序')).toBeInTheDocument();

    // The print copy sits directly under <body>, and print is only that copy.
    expect(document.body.classList.contains('printing-copy')).toBe(true);
    expect(document.querySelector('body > .job-ticket-print [data-ticket="SB1|PO202611-0009"]')).not.toBeNull();
    fireEvent.click(screen.getByTestId('ticket-print'));
    expect(print).toHaveBeenCalled();
  });

  it('says so when the order has no route', async () => {
    installFakeApi({
      'GET /admin/productionOrder/detail': { data: { ...order, route: [] } },
      'GET /admin/process/options': { data: processes },
    });
    render(<JobTicketDialog orderId={9} onHide={() => undefined} />);
    expect(await screen.findByText('该生产单没有工艺路线，只能打印生产单工票。')).toBeInTheDocument();
  });
});
