import { TextEncoder } from 'node:util';
import { jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { bundleCodeOf, decodeBundleTicket, encodeBundleTicket, type BundleTicket } from '@contracts/bundles';
import { BundleTicketDialog } from './BundleTicketDialog';

// jsdom has no TextEncoder; the qrcode package encodes its payload with one.
if (!globalThis.TextEncoder) Object.assign(globalThis, { TextEncoder });

const ticket = (bundleNo: number, sizeName: string, quantity: number): BundleTicket => {
  const code = bundleCodeOf('PO202611-0005', bundleNo);
  return {
    code,
    qr: encodeBundleTicket(code),
    orderNo: 'PO202611-0005',
    styleCode: 'TS-001',
    styleName: '圆领T恤',
    colorName: '白色',
    sizeName,
    quantity,
    bundleNo,
    layNo: 2,
    coupons: [
      { processCode: 'P02', processName: '车缝' },
      { processCode: 'P03', processName: '整烫' },
    ],
  };
};

const tickets = [ticket(7, 'M', 20), ticket(8, 'L', 5)];

async function open(fetchTickets = jest.fn(async () => tickets)) {
  await act(async () => {
    render(<BundleTicketDialog source={{ layId: 4 }} title="菲票 · 第 2 床" onHide={() => undefined} fetchTickets={fetchTickets} />);
  });
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByText('2 张菲票');
  return { dialog, fetchTickets };
}

const printCopy = () => document.querySelector('body > .print-copy.bundle-ticket-print') as HTMLElement;

describe('bundle tickets', () => {
  beforeEach(() => localStorage.clear());

  it('renders each ticket on an A4 sheet with QR, big code and the bundle facts, and prints only the copy', async () => {
    const { dialog, fetchTickets } = await open();
    expect(fetchTickets).toHaveBeenCalledWith({ layId: 4 });
    const sheet = dialog.querySelector('.bundle-ticket-sheet') as HTMLElement;
    expect(sheet.dataset.layout).toBe('sheet');
    const first = sheet.querySelector('[data-ticket="PO202611-0005-007"]') as HTMLElement;
    expect(within(first).getByText('PO202611-0005-007', { selector: '.bundle-ticket-code' })).toBeInTheDocument();
    expect(within(first).getByText('PO202611-0005')).toBeInTheDocument();
    expect(within(first).getByText('TS-001')).toBeInTheDocument();
    expect(within(first).getByText('白色')).toBeInTheDocument();
    expect(within(first).getByText('M', { selector: '.bundle-ticket-size' })).toBeInTheDocument();
    expect(within(first).getByText('20', { selector: '.bundle-ticket-quantity' })).toBeInTheDocument();
    expect(within(first).getByText('7 / 第 2 床')).toBeInTheDocument();
    // The QR holds the ticket's text and is drawn as SVG.
    const qr = first.querySelector('[data-payload]') as HTMLElement;
    expect(decodeBundleTicket(qr.dataset.payload ?? '')).toBe('PO202611-0005-007');
    await waitFor(() => expect(qr.querySelector('svg')).not.toBeNull());
    // No coupons unless asked for.
    expect(sheet.querySelector('.bundle-coupon')).toBeNull();

    expect(document.body.classList.contains('printing-copy')).toBe(true);
    expect(printCopy().classList.contains('is-sheet')).toBe(true);
    expect(printCopy().querySelectorAll('[data-ticket]')).toHaveLength(2);
    const print = jest.fn();
    window.print = print;
    fireEvent.click(screen.getByTestId('bundle-ticket-print'));
    expect(print).toHaveBeenCalled();
  });

  it('switches to one ticket per label, adds a coupon per process, and remembers the layout', async () => {
    const { dialog } = await open();
    fireEvent.click(within(screen.getByTestId('ticket-layout')).getByText('标签机（60 mm）'));
    const sheet = dialog.querySelector('.bundle-ticket-sheet') as HTMLElement;
    expect(sheet.dataset.layout).toBe('label');
    expect(printCopy().classList.contains('is-label')).toBe(true);
    expect(printCopy().querySelector('.bundle-ticket-sheet.is-label')).not.toBeNull();
    expect(within(dialog).getByText(/每张标签一张菲票/)).toBeInTheDocument();

    fireEvent.click(within(dialog).getByText('带工序撕票'));
    const coupons = Array.from(sheet.querySelectorAll('.bundle-coupon')).map((coupon) => coupon.getAttribute('data-coupon'));
    expect(coupons).toEqual(['PO202611-0005-007|P02', 'PO202611-0005-007|P03', 'PO202611-0005-008|P02', 'PO202611-0005-008|P03']);
    const coupon = sheet.querySelector('[data-coupon="PO202611-0005-008|P03"]') as HTMLElement;
    expect(coupon).toHaveTextContent('P03 · 整烫');
    expect(coupon).toHaveTextContent('白色 / L · 5 件');
    expect(printCopy().querySelectorAll('.bundle-coupon')).toHaveLength(4);
    expect(localStorage.getItem('stitchboard.bundleTickets.layout')).toBe('label');
  });

  it('says so when there is nothing to print', async () => {
    await act(async () => {
      render(<BundleTicketDialog source={{ orderId: 5 }} title="菲票" onHide={() => undefined} fetchTickets={async () => []} />);
    });
    expect(await screen.findByText('没有可打印的菲票')).toBeInTheDocument();
    expect(screen.getByTestId('bundle-ticket-print')).toBeDisabled();
  });
});
