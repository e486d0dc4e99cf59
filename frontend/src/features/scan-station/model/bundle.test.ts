import type { BundleDetail, BundleStep } from '@contracts/bundles';
import { decodeTicket } from '@contracts/production';
import { bundleModeAt, bundleStartQuantity, clampBundleQuantity, classifyCode, isPartial, reworkChoices, shouldAutoRecord, validateInspection, type DefectRow } from './bundle';

const step = (processId: number, change: Partial<BundleStep> = {}): BundleStep => ({ processId, processName: `P${processId}`, qc: false, done: 0, open: 0, atRework: 0, rejected: 0, ...change });

function detailOf(steps: BundleStep[], change: Partial<BundleDetail> = {}): BundleDetail {
  return {
    id: 1, code: 'PO1-007', orderId: 1, orderNo: 'PO1', bundleNo: 7, layId: 1, layNo: 1, styleCode: 'S', styleName: 'Shirt', colorId: 1, colorName: 'Red', sizeId: 1, sizeName: 'M',
    quantity: 20, rejected: 0, atRework: 0, processId: 1, processName: 'P1', processDone: 20, lastScanAt: null, lastWorkerName: null, finished: false, stuck: false,
    steps, trace: [], rework: [], ...change,
  };
}

describe('classifyCode', () => {
  it('tells a bundle ticket from an order number and a job ticket', () => {
    expect(classifyCode('SB1B|po1-007')).toEqual({ kind: 'bundle', code: 'PO1-007' });
    expect(classifyCode('SB1B|PO1-007\r')).toEqual({ kind: 'bundle', code: 'PO1-007' });
    expect(classifyCode('PO1-007')).toEqual({ kind: 'order' });
    expect(classifyCode('SB1|PO1|SEW')).toEqual({ kind: 'order' });
    expect(decodeTicket('SB1|PO1|SEW')?.processCode).toBe('SEW');
    expect(classifyCode('SB1B|')).toEqual({ kind: 'order' });
    expect(classifyCode('SB1B|a|b')).toEqual({ kind: 'order' });
  });
});

describe('bundle quantity', () => {
  const detail = detailOf([step(1, { done: 20 }), step(2, { open: 12, done: 8 }), step(3, { qc: true })]);
  it('starts at the pieces open at the process and may only be lowered (partial bundle)', () => {
    expect(bundleStartQuantity(detail, 2, 'scan')).toBe(12);
    expect(clampBundleQuantity(15, 12)).toBe(12);
    expect(clampBundleQuantity(5, 12)).toBe(5);
    expect(clampBundleQuantity(-3, 12)).toBe(0);
    expect(isPartial(5, 12)).toBe(true);
    expect(isPartial(12, 12)).toBe(false);
  });
  it('inspects at a QC process and offers rework when only rework waits', () => {
    expect(bundleModeAt(detail, 3)).toBe('inspect');
    expect(bundleModeAt(detail, 2, [2])).toBe('inspect');
    const rework = detailOf([step(1, { done: 20 }), step(2, { done: 20 }), step(3, { qc: true })], {
      rework: [{ defectId: 1, qcProcessId: 3, reworkProcessId: 2, reworkProcessName: 'P2', defectTypeName: 'Stain', quantity: 3, responsibleWorkerName: null }],
    });
    expect(bundleModeAt(rework, 2)).toBe('rework');
    expect(bundleStartQuantity(rework, 2, 'rework')).toBe(3);
    expect(reworkChoices(rework, 3)).toEqual([{ id: 2, name: 'P2' }]);
  });
});

describe('shouldAutoRecord', () => {
  const full = detailOf([step(1, { done: 20 }), step(2, { open: 20 }), step(3, { qc: true })]);
  it('records a full bundle at a plain process when on', () => {
    expect(shouldAutoRecord(full, 2, true)).toBe(true);
    expect(shouldAutoRecord(full, 2, false)).toBe(false);
    expect(shouldAutoRecord(full, null, true)).toBe(false);
    expect(shouldAutoRecord(full, 3, true)).toBe(false);
  });
  it('waits for the worker on a partial bundle, nothing open, or rework here', () => {
    expect(shouldAutoRecord(detailOf([step(1, { done: 20 }), step(2, { open: 8, done: 12 })]), 2, true)).toBe(false);
    expect(shouldAutoRecord(detailOf([step(1, { done: 20 }), step(2, { done: 20 })]), 2, true)).toBe(false);
    const withRework = detailOf([step(1, { done: 20 }), step(2, { open: 20 })], {
      rework: [{ defectId: 1, qcProcessId: 3, reworkProcessId: 2, reworkProcessName: 'P2', defectTypeName: 'Stain', quantity: 2, responsibleWorkerName: null }],
    });
    expect(shouldAutoRecord(withRework, 2, true)).toBe(false);
  });
});

describe('validateInspection', () => {
  const row = (change: Partial<DefectRow> = {}): DefectRow => ({ key: 1, defectTypeId: 5, quantity: 2, disposition: 'rework', reworkProcessId: 2, ...change });
  it('refuses more than the open pieces', () => {
    expect(validateInspection(10, 8, [row()]).total).toBeUndefined();
    expect(validateInspection(10, 9, [row()]).total).toBe('tooMany');
  });
  it('needs a process for a rework, a type and a quantity', () => {
    expect(validateInspection(10, 8, [row({ reworkProcessId: null })]).rows[1]).toEqual(['reworkProcess']);
    expect(validateInspection(10, 8, [row({ disposition: 'reject', reworkProcessId: null })]).rows).toEqual({});
    expect(validateInspection(10, 8, [row({ defectTypeId: null, quantity: 0 })]).rows[1]).toEqual(['type', 'quantity']);
    expect(validateInspection(10, 0, []).empty).toBe(true);
  });
});
