import { encodeTicket } from '@contracts/production';
import { clampQuantity, parseProcessList, readScan } from './scan-input';

const processes = [
  { id: 1, code: 'P01', name: '裁床' },
  { id: 2, code: 'P02', name: '缝制' },
  { id: 3, code: 'P03', name: '锁钉' },
];

describe('reading a scanned code', () => {
  it('reads an order ticket and a process ticket made by encodeTicket', () => {
    expect(readScan(encodeTicket({ orderNo: 'PO202611-0001' }), processes, [2])).toEqual({ ok: true, orderNo: 'PO202611-0001', process: null });
    expect(readScan(encodeTicket({ orderNo: 'PO202611-0001', processCode: 'P02' }), processes, [2, 3])).toEqual({ ok: true, orderNo: 'PO202611-0001', process: processes[1] });
  });

  it('reads a bare order number, typed or from a 1-D barcode, trimming the scanner’s extra characters', () => {
    expect(readScan('  PO202611-0007\r\n', processes, [])).toEqual({ ok: true, orderNo: 'PO202611-0007', process: null });
    expect(readScan('\u001dPO202611-0007', processes, [])).toMatchObject({ ok: true, orderNo: 'PO202611-0007' });
  });

  it('matches the process code without regard to case', () => {
    expect(readScan('SB1|PO1|p03', processes, [3])).toMatchObject({ ok: true, process: { id: 3 } });
  });

  it('refuses what is not ours', () => {
    expect(readScan('   ', processes, [])).toEqual({ ok: false, reason: 'empty' });
    expect(readScan('XX|PO1|P01', processes, [1])).toEqual({ ok: false, reason: 'unreadable', text: 'XX|PO1|P01' });
    expect(readScan('SB1|', processes, [1])).toMatchObject({ ok: false, reason: 'unreadable' });
    expect(readScan('hello world', processes, [1])).toMatchObject({ ok: false, reason: 'unreadable' });
    expect(readScan('x'.repeat(500), processes, [1])).toMatchObject({ ok: false, reason: 'unreadable' });
  });

  it('names an unknown process code and a process the worker may not execute', () => {
    expect(readScan('SB1|PO1|P99', processes, [1, 2, 3])).toEqual({ ok: false, reason: 'unknownProcess', orderNo: 'PO1', processCode: 'P99' });
    expect(readScan('SB1|PO1|P01', processes, [2])).toEqual({ ok: false, reason: 'processNotAllowed', orderNo: 'PO1', process: processes[0] });
  });
});

describe('station helpers', () => {
  it('parses the processList cookie', () => {
    expect(parseProcessList('3;5;12')).toEqual([3, 5, 12]);
    expect(parseProcessList('')).toEqual([]);
    expect(parseProcessList('4, 9;x;0')).toEqual([4, 9]);
  });

  it('keeps quantities between 0 and the largest scan', () => {
    expect(clampQuantity(-3)).toBe(0);
    expect(clampQuantity(12.7)).toBe(12);
    expect(clampQuantity(10_000_000)).toBe(100_000);
    expect(clampQuantity(Number.NaN)).toBe(0);
  });
});
