import type { ProgressRecorded } from '@contracts/events';
import { creditedWorkerOf } from './use-station-worker';

const base = { orderId: 1, orderNo: 'PO-1', processId: 2, quantity: 5, scanId: 'abcdefgh' } as ProgressRecorded;

describe('whose scan a pushed production.progressed event is', () => {
  it('reads workerId when the event carries it, and nothing from older events or odd values', () => {
    expect(creditedWorkerOf({ ...base, workerId: 8 } as ProgressRecorded)).toBe(8);
    expect(creditedWorkerOf(base)).toBeNull();
    expect(creditedWorkerOf({ ...base, workerId: '8' } as unknown as ProgressRecorded)).toBeNull();
    expect(creditedWorkerOf({ ...base, workerId: null } as unknown as ProgressRecorded)).toBeNull();
  });
});
