import { randomUUID } from 'node:crypto';
import type { ScanLookup, ScanResult } from '../../../contracts/production.js';
import { setUpProduction, type ProductionFixture } from '../testing/production-fixture.js';
import { bootTestApp, type TestApp } from '../testing/test-app.js';

// Sub-processes: sewing is done in three steps on the same pieces — 合肩 shoulders → 上领 collar →
// 侧缝 side seams (the last). Every step is paid; only the last moves sewing's progress, so a
// 100-piece order is 100 pieces sewn, not 300. An earlier step has its own limit: the plan plus
// tolerance (0 % here), and with "scan in order" what cutting has done.
describe('sub-process scans (API)', () => {
  let t: TestApp;
  let f: ProductionFixture;
  let steps: { shoulders: number; collar: number; sides: number };

  beforeAll(async () => {
    t = await bootTestApp();
    f = await setUpProduction(t);
    const sew = f.processes.sew;
    await f.db.query(`UPDATE process SET piece_rate = 2.5 WHERE id = $1`, [sew]);
    const { version } = await f.data<{ version: number }>(f.get('process/detail', { id: sew }));
    const updated = await f.data<{ steps: { id: number; name: string }[] }>(
      f.post('process/update', {
        id: sew,
        version,
        steps: JSON.stringify([{ name: '合肩', pieceRate: 0.6 }, { name: '上领', pieceRate: 0.8 }, { name: '侧缝' }]),
      }),
    );
    steps = { shoulders: updated.steps[0].id, collar: updated.steps[1].id, sides: updated.steps[2].id };
    await f.setProductionSettings({ scanInOrder: true, overProductionPercent: 0, refuseFlaggedOrders: false });
  }, 120_000);
  afterAll(() => t.close());

  const sewDone = async (orderId: number) => {
    const [row]: { done: number }[] = await f.db.query(`SELECT done_quantity AS done FROM production_order_step WHERE order_id = $1 AND process_id = $2`, [
      orderId,
      f.processes.sew,
    ]);
    return row.done;
  };
  const cellDone = async (orderId: number) => {
    const rows: { done: number }[] = await f.db.query(
      `SELECT coalesce(sum(done_quantity), 0)::int AS done FROM production_order_cell_progress WHERE order_id = $1 AND process_id = $2`,
      [orderId, f.processes.sew],
    );
    return rows[0].done;
  };
  const errorKey = async (body: Record<string, unknown>) => {
    const response = await f.scan(body);
    expect(response.status).toBe(409);
    return (response.body.data as { errorKey: string }).errorKey;
  };
  const lookup = (orderId: number) => f.data<ScanLookup>(f.get('scan/lookup', { orderId, processId: f.processes.sew }));

  it('pays every step but moves sewing only at the last; an earlier step is limited by its own pieces and by cutting', async () => {
    const order = await f.createOrder({ quantities: [60, 40] });
    const sew = f.processes.sew;
    await f.data(f.scan({ orderId: order.id, processId: f.processes.cut, quantity: 100 }));

    const shoulders = await f.data<ScanResult>(f.scan({ orderId: order.id, processId: sew, quantity: 70, stepId: steps.shoulders }));
    expect(shoulders.scan).toMatchObject({ countsProgress: false, pieceRate: 0.6, stepName: '合肩' });
    expect(shoulders.step.done).toBe(0);
    await f.data(f.scan({ orderId: order.id, processId: sew, quantity: 30, stepId: steps.shoulders }));
    await f.data(f.scan({ orderId: order.id, processId: sew, quantity: 100, stepId: steps.collar }));
    expect(await sewDone(order.id)).toBe(0);

    // Shoulders are at 100 of 100 (0 % tolerance): one more piece is refused, naming what is left.
    expect(await errorKey({ orderId: order.id, processId: sew, quantity: 1, stepId: steps.shoulders })).toBe('overPlanned');

    const sides = await f.data<ScanResult>(f.scan({ orderId: order.id, processId: sew, quantity: 40, stepId: steps.sides }));
    expect(sides.scan).toMatchObject({ countsProgress: true, pieceRate: 2.5 });
    expect(sides.step.done).toBe(40);
    expect(await sewDone(order.id)).toBe(40);

    const view = await lookup(order.id);
    expect(view.remaining).toBe(60);
    expect(view.subProcesses).toEqual([
      { id: steps.shoulders, sequence: 1, name: '合肩', pieceRate: 0.6, last: false, done: 100, remaining: 0, limit: 0 },
      { id: steps.collar, sequence: 2, name: '上领', pieceRate: 0.8, last: false, done: 100, remaining: 0, limit: 0 },
      { id: steps.sides, sequence: 3, name: '侧缝', pieceRate: 2.5, last: true, done: 40, remaining: 60, limit: 60 },
    ]);

    // The pay summary has each step at its own rate: 100 × 0.6 + 100 × 0.8 + 40 × 2.5 = 240.
    const [pay]: { pieces: number; pay: number }[] = await f.db.query(
      `SELECT sum(pieces)::int AS pieces, sum(pay)::float8 AS pay FROM worker_daily_output WHERE process_id = $1 AND step_id <> 0`,
      [sew],
    );
    expect(pay).toEqual({ pieces: 240, pay: 240 });
  });

  it('limits an earlier step by what cutting has done when scanning in order', async () => {
    const order = await f.createOrder({ quantities: [60, 40] });
    await f.data(f.scan({ orderId: order.id, processId: f.processes.cut, quantity: 30 }));
    expect(await errorKey({ orderId: order.id, processId: f.processes.sew, quantity: 31, stepId: steps.shoulders })).toBe('previousProcessNotFinished');
    await f.data(f.scan({ orderId: order.id, processId: f.processes.sew, quantity: 30, stepId: steps.shoulders }));
    expect((await lookup(order.id)).subProcesses![0]).toMatchObject({ done: 30, limit: 0 });
  });

  it('checks a colour × size scan at an earlier step against that cell of the step, and leaves the cell counters alone', async () => {
    const order = await f.createOrder({ quantities: [60, 40] });
    // The fixture's first cell (60 pieces): colour 0, size 0.
    const cell = { colorId: f.colors[0], sizeId: f.sizes[0] };
    await f.data(f.scan({ orderId: order.id, processId: f.processes.cut, quantity: 60, ...cell }));
    // Cutting is ahead of the cell (the other cell's 40 too): only the cell's own plan stops the next piece.
    await f.data(f.scan({ orderId: order.id, processId: f.processes.cut, quantity: 40, colorId: f.colors[1], sizeId: f.sizes[1] }));
    await f.data(f.scan({ orderId: order.id, processId: f.processes.sew, quantity: 60, stepId: steps.collar, ...cell }));
    expect(await errorKey({ orderId: order.id, processId: f.processes.sew, quantity: 1, stepId: steps.collar, ...cell })).toBe('overPlanned');
    expect(await cellDone(order.id)).toBe(0);
    await f.data(f.scan({ orderId: order.id, processId: f.processes.sew, quantity: 25, stepId: steps.sides, ...cell }));
    expect(await cellDone(order.id)).toBe(25);
    expect(await sewDone(order.id)).toBe(25);
  });

  it('a correcting entry takes back exactly what its scan did: the pay always, the progress only if it moved it', async () => {
    const order = await f.createOrder({ quantities: [60, 40] });
    await f.data(f.scan({ orderId: order.id, processId: f.processes.cut, quantity: 100 }));
    const early = randomUUID();
    const last = randomUUID();
    await f.data(f.scan({ scanId: early, orderId: order.id, processId: f.processes.sew, quantity: 50, stepId: steps.collar }));
    await f.data(f.scan({ scanId: last, orderId: order.id, processId: f.processes.sew, quantity: 20, stepId: steps.sides }));
    expect(await sewDone(order.id)).toBe(20);

    const undoEarly = await f.data<ScanResult>(f.post('scan/reverse', { scanId: randomUUID(), reversesScanId: early }));
    expect(undoEarly.scan).toMatchObject({ quantity: -50, countsProgress: false });
    expect(await sewDone(order.id)).toBe(20);
    const undoLast = await f.data<ScanResult>(f.post('scan/reverse', { scanId: randomUUID(), reversesScanId: last }));
    expect(undoLast.scan).toMatchObject({ quantity: -20, countsProgress: true });
    expect(await sewDone(order.id)).toBe(0);
    expect((await lookup(order.id)).subProcesses!.map((step) => step.done)).toEqual([0, 0, 0]);
  });

  it('a scan naming no step is the whole process and moves its progress', async () => {
    const order = await f.createOrder({ quantities: [60, 40] });
    await f.data(f.scan({ orderId: order.id, processId: f.processes.cut, quantity: 100 }));
    const whole = await f.data<ScanResult>(f.scan({ orderId: order.id, processId: f.processes.sew, quantity: 10 }));
    expect(whole.scan).toMatchObject({ countsProgress: true, stepId: null, pieceRate: 2.5 });
    expect(await sewDone(order.id)).toBe(10);
  });

  it('concurrent scans of an earlier step never pass its limit together', async () => {
    const order = await f.createOrder({ quantities: [60, 40] });
    await f.data(f.scan({ orderId: order.id, processId: f.processes.cut, quantity: 100 }));
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => f.scan({ orderId: order.id, processId: f.processes.sew, quantity: 30, stepId: steps.shoulders })),
    );
    expect(responses.filter((response) => response.body.code === 200)).toHaveLength(3);
    const refused = responses.filter((response) => response.body.code !== 200);
    expect(refused.map((response) => [response.status, response.body.data.errorKey])).toEqual(Array.from({ length: 5 }, () => [409, 'overPlanned']));
    const [row]: { done: number }[] = await f.db.query(`SELECT sum(quantity)::int AS done FROM scan WHERE order_id = $1 AND step_id = $2`, [
      order.id,
      steps.shoulders,
    ]);
    expect(row.done).toBe(90);
  });
});
