import { jest } from '@jest/globals';
import type { EntityManager } from 'typeorm';
import { ScanRepository, type NewScan } from './scan.repository.js';

// The scan's pipelined transaction relies on these statements being handed to the connection
// before the first await of the call that sends them: the route read must go out behind the
// locking read, and COMMIT behind the write (Transaction.lastWrite checks the latter, and would
// quietly stop pipelining it; nothing would check the former).
describe('ScanRepository sends its statements at once', () => {
  const sent: string[] = [];
  const manager = {
    queryRunner: {
      isReleased: false,
      databaseConnection: {
        query: jest.fn((config: { name: string }) => {
          sent.push(config.name);
          return new Promise(() => undefined);
        }),
      },
    },
  } as unknown as EntityManager;
  const scans = new ScanRepository();

  beforeEach(() => {
    sent.length = 0;
  });

  it('the locking read, then the route read behind it, in the order called', () => {
    void scans.open(manager, { scanId: 'a', orderId: 1, workerId: 1 });
    void scans.route(manager, 1);
    void scans.routeAndCell(manager, 1, 2, 3, 4);
    expect(sent).toHaveLength(3);
    expect(sent[0]).toMatch(/open/);
    expect(sent[1]).toMatch(/route/);
    expect(sent[2]).toMatch(/routeAndCell/);
  });

  it('the write', () => {
    const scan = {
      scanId: 'a', orderId: 1, processId: 2, quantity: 1, colorId: null, sizeId: null, workerId: 1, reversesId: null, stepId: null,
      bundleId: null, kind: 'normal', deviceId: '', note: '', flagged: false, scannedAt: new Date(), recordedBy: 1, pieceRate: null,
      day: '2026-11-25', countsProgress: true,
    } satisfies NewScan;
    void scans.write(manager, { scan, result: {} as never, at: new Date(), completed: false, completedAt: null, stages: { cut: 1, finished: null, stockIn: null, stockOut: null }, events: [] });
    expect(sent).toHaveLength(1);
  });
});
