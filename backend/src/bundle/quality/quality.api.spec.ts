import { randomUUID } from 'node:crypto';
import type { InspectResult } from '../../../../contracts/bundles.js';
import type { ListPage } from '../../../../contracts/master-data.js';
import { createActiveUser } from '../../testing/accounts.js';
import { setUpProduction, type ProductionFixture } from '../../testing/production-fixture.js';
import { bootTestApp, type TestApp } from '../../testing/test-app.js';
import { BundleStateRepository } from '../bundle-state.repository.js';

// QC of cut bundles, by hand. The route is 裁床 cut → 车缝 sew → 质检 QC → 入库 pack (warehouse-in,
// the end process) → 出库. Rates: sew 2.50 a piece (rework 1.20), QC 0.20. One bundle of 20:
// cut 20, sewn 20 by the sewer; QC passes 15, sends 3 back to sewing (skipped stitch) and
// rejects 2 (hole); another worker reworks the 3; QC passes them; pack records 18.
//   QC: done 15 + 3 = 18, rejected 2; pack: 18. Order-level: cut 20, sew 20, QC 18, pack 18.
//   Pay without charge-back: sewer 20 × 2.50 = 50.00, reworker 3 × 1.20 = 3.60, inspector 18 × 0.20 = 3.60.
//   With charge-back: the sewer is charged with both lots (the rework went back to sewing; the
//   reject is charged to the process before QC, sewing too): 50.00 − 5 × 2.50 = 37.50, 15 pieces.
describe('bundle QC: inspect and rework (API)', () => {
  let t: TestApp;
  let f: ProductionFixture;
  let skipped: number;
  let hole: number;
  let layNo = 0;

  beforeAll(async () => {
    t = await bootTestApp();
    f = await setUpProduction(t);
    const p = f.processes;
    await f.db.query(`UPDATE process SET piece_rate = CASE id WHEN $1 THEN 2.5 WHEN $2 THEN 0.2 ELSE 0.3 END`, [p.sew, p.qc]);
    // The process form persists the new fields.
    const qc = await f.data<{ version: number }>(f.get('process/detail', { id: p.qc }));
    await f.data(f.post('process/update', { id: p.qc, version: qc.version, qc: true }));
    const sew = await f.data<{ version: number }>(f.get('process/detail', { id: p.sew }));
    await f.data(f.post('process/update', { id: p.sew, version: sew.version, reworkRate: 1.2 }));
    // The seed's defect types (D01–D04), read through the base-data API.
    const { list } = await f.data<ListPage<{ id: number; code: string }>>(f.get('defectType/list', { pageSize: 50 }));
    expect(list.map((type) => type.code).sort()).toEqual(['D01', 'D02', 'D03', 'D04']);
    skipped = list.find((type) => type.code === 'D01')!.id;
    hole = list.find((type) => type.code === 'D04')!.id;
    await f.setProductionSettings({ scanInOrder: true, overProductionPercent: 0, refuseFlaggedOrders: false, reworkChargeBack: false });
  }, 120_000);
  afterAll(() => t.close());

  it('keeps the process form’s qc flag and rework rate', async () => {
    expect(await f.data(f.get('process/detail', { id: f.processes.qc }))).toMatchObject({ qc: true });
    expect(await f.data(f.get('process/detail', { id: f.processes.sew }))).toMatchObject({ qc: false, reworkRate: 1.2 });
  });

  let workerNo = 0;
  /** Three fresh workers (pay is per worker and day: every scenario has its own). */
  const workers = async () => {
    const tag = `${++workerNo}${randomUUID().slice(0, 4)}`;
    const make = async (name: string, processIds: number[]) => {
      const user = await createActiveUser(t, f.admin, { username: `${name}${tag}`, password: 'worker-pass-1', permissions: 'Home' });
      await f.allowProcesses(`${name}${tag}`, processIds);
      return user;
    };
    return { sewer: await make('sewer', [f.processes.sew]), reworker: await make('rework', [f.processes.sew]), inspector: await make('qc', [f.processes.qc]) };
  };

  /** An order of 20 (colour 0 × size 0) and one bundle of it, cut and sewn by the sewer. */
  const sewnBundle = async (sewerId: number) => {
    const order = await f.createOrder({ quantities: [20] });
    const cell = { colorId: f.colors[0], sizeId: f.sizes[0] };
    const [lay]: { id: number }[] = await f.db.query(
      `INSERT INTO cut_lay (order_id, lay_no, color_id, plies, sizes, bundle_size) VALUES ($1, $2, $3, 1, '[]', 20) RETURNING id`,
      [order.id, ++layNo, cell.colorId],
    );
    const code = `${order.orderNo}-001`;
    const [bundle]: { id: number }[] = await f.db.query(
      `INSERT INTO bundle (code, order_id, lay_id, bundle_no, color_id, size_id, quantity) VALUES ($1, $2, $3, 1, $4, $5, 20) RETURNING id::int AS id`,
      [code, order.id, lay.id, cell.colorId, cell.sizeId],
    );
    await bundleScan(bundle.id, { orderId: order.id, processId: f.processes.cut, quantity: 20, ...cell });
    await bundleScan(bundle.id, { orderId: order.id, processId: f.processes.sew, quantity: 20, workerId: sewerId, ...cell });
    return { order, code, bundleId: bundle.id, cell };
  };
  /** An order-level scan made a bundle's (the lay and bundle scan endpoints are the bundle module's). */
  const bundleScan = async (bundleId: number, body: Record<string, unknown>) => {
    const scanId = randomUUID();
    await f.data(f.scan({ scanId, ...body }));
    await f.db.query(`UPDATE scan SET bundle_id = $2 WHERE scan_id = $1`, [scanId, bundleId]);
  };

  const inspect = (body: Record<string, unknown>, token = f.admin, language = 'zh-CN') =>
    f.post('bundle/inspect', { scanId: randomUUID(), processId: f.processes.qc, ...body }, token, language);
  const rework = (body: Record<string, unknown>, token = f.admin) => f.post('bundle/rework', { scanId: randomUUID(), processId: f.processes.sew, ...body }, token);
  const refusal = async (request: Promise<{ status: number; body: { data: { errorKey: string } } }>) => {
    const response = await request;
    return [response.status, response.body.data?.errorKey];
  };
  const lockedSteps = async (code: string) => {
    const state = t.app.get(BundleStateRepository);
    const locked = await f.db.transaction((manager) => state.lock(manager, code));
    return locked!.steps.map(({ done, open, atRework, rejected }) => ({ done, open, atRework, rejected }));
  };
  const stepDone = async (orderId: number) => {
    const rows: { done: number }[] = await f.db.query(
      `SELECT done_quantity AS done FROM production_order_step WHERE order_id = $1 AND process_id = ANY ($2::int[]) ORDER BY sequence`,
      [orderId, [f.processes.cut, f.processes.sew, f.processes.qc, f.processes.warehouseIn]],
    );
    return rows.map((row) => row.done);
  };
  const pay = async (workerId: number) => {
    const [row]: { pieces: number; pay: number }[] = await f.db.query(
      `SELECT coalesce(sum(pieces), 0)::int AS pieces, coalesce(sum(pay), 0)::float8 AS pay FROM worker_daily_output WHERE worker_id = $1`,
      [workerId],
    );
    return row;
  };

  const flow = async (chargeBack: boolean) => {
    await f.setProductionSettings({ reworkChargeBack: chargeBack });
    const people = await workers();
    const { order, code, bundleId, cell } = await sewnBundle(people.sewer.id);
    const defects = JSON.stringify([
      { defectTypeId: skipped, quantity: 3, disposition: 'rework', reworkProcessId: f.processes.sew },
      { defectTypeId: hole, quantity: 2, disposition: 'reject' },
    ]);
    const first = { scanId: randomUUID(), code, passed: 15, defects, workerId: people.inspector.id };
    const inspected = await f.data<InspectResult>(inspect(first));
    expect(inspected.scan!.scan).toMatchObject({ quantity: 15, processId: f.processes.qc, workerId: people.inspector.id, bundleId, kind: 'normal', pieceRate: 0.2 });
    expect(inspected.bundle).toMatchObject({ code, quantity: 20, rejected: 2, atRework: 3, processId: f.processes.qc, processDone: 15, finished: false });
    expect(inspected.bundle.rework).toEqual([
      {
        defectId: expect.any(Number),
        qcProcessId: f.processes.qc,
        reworkProcessId: f.processes.sew,
        reworkProcessName: '车缝',
        defectTypeName: '跳线 Skipped stitch',
        quantity: 3,
        responsibleWorkerName: expect.stringMatching(/^sewer/),
      },
    ]);
    //                 cut                 sew                 QC                                   pack
    expect(await lockedSteps(code)).toEqual([
      { done: 20, open: 0, atRework: 0, rejected: 0 },
      { done: 20, open: 0, atRework: 0, rejected: 0 },
      { done: 15, open: 0, atRework: 3, rejected: 2 },
      { done: 0, open: 15, atRework: 0, rejected: 0 },
      { done: 0, open: 0, atRework: 0, rejected: 0 },
    ]);

    // Re-sent: the same answer, nothing counted again; the id with another inspection: refused.
    const again = await inspect(first);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.data).toEqual(inspected);
    expect(await refusal(inspect({ ...first, passed: 14 }))).toEqual([409, 'scanIdReused']);
    // Nothing left open at QC now.
    expect(await refusal(inspect({ code, passed: 1 }))).toEqual([409, 'inspectTooMany']);
    // Nothing waits for rework at cutting.
    expect(await refusal(rework({ code, processId: f.processes.cut }))).toEqual([409, 'noReworkOpen']);

    const reworked = await f.data<InspectResult>(rework({ code, workerId: people.reworker.id }));
    expect(reworked.scan!.scan).toMatchObject({ quantity: 3, kind: 'rework', pieceRate: 1.2, countsProgress: false, workerId: people.reworker.id });
    expect(reworked.bundle.rework).toEqual([]);
    expect(reworked.bundle.steps[2]).toMatchObject({ done: 15, open: 3, atRework: 0, rejected: 2 });
    expect(await refusal(rework({ code }))).toEqual([409, 'noReworkOpen']);

    const second = await f.data<InspectResult>(inspect({ code, passed: 3, workerId: people.inspector.id }));
    expect(second.bundle.steps[2]).toMatchObject({ done: 18, open: 0 });
    // The trace: cut 20 + sewn 20 + passed 15 + 3 scans, 3 reworked, 5 defective, −5 charged back (with the setting).
    const byKind = new Map<string, number>();
    for (const event of second.bundle.trace) byKind.set(event.kind, (byKind.get(event.kind) ?? 0) + event.quantity);
    expect(Object.fromEntries(byKind)).toEqual({ scan: 58, rework: 3, defect: 5, ...(chargeBack ? { chargeBack: -5 } : {}) });
    expect(second.bundle.trace.find((event) => event.kind === 'defect' && event.disposition === 'reject')).toMatchObject({
      defectTypeName: '破洞 Hole',
      quantity: 2,
      processId: f.processes.qc,
      reworkProcessName: null,
      workerId: people.sewer.id,
    });
    await bundleScan(bundleId, { orderId: order.id, processId: f.processes.warehouseIn, quantity: 18, ...cell });

    expect(await lockedSteps(code)).toEqual([
      { done: 20, open: 0, atRework: 0, rejected: 0 },
      { done: 20, open: 0, atRework: 0, rejected: 0 },
      { done: 18, open: 0, atRework: 0, rejected: 2 },
      { done: 18, open: 0, atRework: 0, rejected: 0 },
      { done: 0, open: 18, atRework: 0, rejected: 0 },
    ]);
    const [bundle]: { rejected: number; lastProcessId: number; lastWorkerId: number }[] = await f.db.query(
      `SELECT rejected, last_process_id AS "lastProcessId", last_worker_id AS "lastWorkerId" FROM bundle WHERE id = $1`,
      [bundleId],
    );
    expect(bundle).toEqual({ rejected: 2, lastProcessId: f.processes.qc, lastWorkerId: people.inspector.id });
    // Rework and charge-backs never move an order's progress.
    expect(await stepDone(order.id)).toEqual([20, 20, 18, 18]);
    // The difference report explains the shortfall.
    const difference = await f.data<{ rows: { rejected: number }[] }>(f.get('statistics/difference', { orderId: order.id, status: 'all' }));
    expect(difference.rows.map((row) => row.rejected)).toEqual([2]);
    return { people };
  };

  it('without charge-back: the sewer keeps the pay, the reworker and the inspector are paid', async () => {
    const { people } = await flow(false);
    expect(await pay(people.sewer.id)).toEqual({ pieces: 20, pay: 50 });
    expect(await pay(people.reworker.id)).toEqual({ pieces: 3, pay: 3.6 });
    expect(await pay(people.inspector.id)).toEqual({ pieces: 18, pay: 3.6 });
  });

  it('with charge-back: the sewer gives back the pay for the 5 defective pieces', async () => {
    const { people } = await flow(true);
    expect(await pay(people.sewer.id)).toEqual({ pieces: 15, pay: 37.5 });
    expect(await pay(people.reworker.id)).toEqual({ pieces: 3, pay: 3.6 });
    expect(await pay(people.inspector.id)).toEqual({ pieces: 18, pay: 3.6 });
  });

  it('a worker charged with a defect reworks it for nothing', async () => {
    await f.setProductionSettings({ reworkChargeBack: false });
    const people = await workers();
    const { code } = await sewnBundle(people.sewer.id);
    await f.data(inspect({ code, passed: 18, defects: JSON.stringify([{ defectTypeId: skipped, quantity: 2, disposition: 'rework', reworkProcessId: f.processes.sew }]) }));
    const own = await f.data<InspectResult>(rework({ code, workerId: people.sewer.id }));
    expect(own.scan!.scan).toMatchObject({ quantity: 2, kind: 'rework', pieceRate: 0 });
    expect(await pay(people.sewer.id)).toEqual({ pieces: 22, pay: 50 });
  });

  it('refuses a non-QC process, rework to a wrong process, too many pieces and unknown defect types', async () => {
    const people = await workers();
    const { code } = await sewnBundle(people.sewer.id);
    expect(await refusal(inspect({ code, processId: f.processes.sew, passed: 1 }))).toEqual([409, 'notQcProcess']);
    expect(await refusal(inspect({ code, passed: 21 }))).toEqual([409, 'inspectTooMany']);
    expect(await refusal(inspect({ code, passed: 19, defects: JSON.stringify([{ defectTypeId: hole, quantity: 2, disposition: 'reject' }]) }))).toEqual([
      409,
      'inspectTooMany',
    ]);
    const sendTo = (processId: number) => JSON.stringify([{ defectTypeId: skipped, quantity: 1, disposition: 'rework', reworkProcessId: processId }]);
    // Cutting (the lay made the pieces), QC itself and a later process are not rework processes.
    for (const processId of [f.processes.cut, f.processes.qc, f.processes.warehouseIn]) {
      expect(await refusal(inspect({ code, passed: 0, defects: sendTo(processId) }))).toEqual([400, 'reworkProcessInvalid']);
    }
    expect(await refusal(inspect({ code, passed: 0, defects: JSON.stringify([{ defectTypeId: 999_999, quantity: 1, disposition: 'reject' }]) }))).toEqual([
      400,
      'referenceInvalid',
    ]);
    expect(await refusal(inspect({ code, passed: 0 }))).toEqual([400, 'inspectEmpty']);
    expect(await refusal(inspect({ code: 'NO-SUCH-001', passed: 1 }))).toEqual([404, 'bundleNotFound']);
    // The ticket's QR text works as the code; nothing was recorded by the refusals.
    const passed = await f.data<InspectResult>(inspect({ code: `SB1B|${code.toLowerCase()}`, passed: 20 }));
    expect(passed.bundle.steps[2]).toMatchObject({ done: 20, open: 0, rejected: 0 });
  });

  it('needs a login, and a process the caller (and the credited worker) may execute', async () => {
    const people = await workers();
    const { code } = await sewnBundle(people.sewer.id);
    const anonymous = await t.http.post('/api/admin/bundle/inspect').type('form').send({ scanId: randomUUID(), code, processId: f.processes.qc, passed: 1 });
    expect(anonymous.status).toBe(401);
    expect(await refusal(inspect({ code, passed: 1 }, people.sewer.token))).toEqual([403, 'processNotExecutable']);
    expect(await refusal(inspect({ code, passed: 1, workerId: people.sewer.id }))).toEqual([403, 'workerNotAllowed']);
    expect(await refusal(rework({ code }, people.inspector.token))).toEqual([403, 'processNotExecutable']);
    // The inspector may inspect with their own login.
    const own = await f.data<InspectResult>(inspect({ code, passed: 5 }, people.inspector.token));
    expect(own.scan!.scan).toMatchObject({ workerId: people.inspector.id, quantity: 5 });
  });

  it('concurrent inspections of one bundle never inspect more than is open', async () => {
    const people = await workers();
    const { code } = await sewnBundle(people.sewer.id);
    const responses = await Promise.all(Array.from({ length: 5 }, () => inspect({ code, passed: 8 })));
    expect(responses.filter((response) => response.body.code === 200)).toHaveLength(2);
    expect(responses.filter((response) => response.body.code !== 200).map((response) => response.body.data.errorKey)).toEqual(Array(3).fill('inspectTooMany'));
    expect((await lockedSteps(code))[2]).toEqual({ done: 16, open: 4, atRework: 0, rejected: 0 });
  });

  it('answers malformed input with 400 and the field', async () => {
    const people = await workers();
    const { code } = await sewnBundle(people.sewer.id);
    const field = async (body: Record<string, unknown>) => {
      const response = await f.post('bundle/inspect', { scanId: randomUUID(), code, processId: f.processes.qc, passed: 1, ...body });
      return [response.status, response.body.data?.field];
    };
    expect(await field({ scanId: 'short' })).toEqual([400, 'scanId']);
    expect(await field({ passed: -1 })).toEqual([400, 'passed']);
    expect(await field({ passed: 'many' })).toEqual([400, 'passed']);
    expect(await field({ processId: undefined })).toEqual([400, 'processId']);
    expect((await field({ defects: '{not json' }))[0]).toBe(400);
    expect((await field({ defects: JSON.stringify([{ defectTypeId: skipped, quantity: 1, disposition: 'fix' }]) }))[0]).toBe(400);
    expect((await field({ defects: JSON.stringify([{ defectTypeId: skipped, quantity: 1, disposition: 'rework' }]) }))[0]).toBe(400);
    expect((await field({ defects: JSON.stringify([{ defectTypeId: skipped, quantity: 0, disposition: 'reject' }]) }))[0]).toBe(400);
    const badRework = await f.post('bundle/rework', { scanId: randomUUID(), code, processId: f.processes.sew, quantity: 0 });
    expect([badRework.status, badRework.body.data?.field]).toEqual([400, 'quantity']);
    // JSON bodies carry the defects as an array.
    const json = await t.http
      .post('/api/admin/bundle/inspect')
      .set('token', f.admin)
      .send({ scanId: randomUUID(), code, processId: f.processes.qc, passed: 1, defects: [{ defectTypeId: hole, quantity: 1, disposition: 'reject' }] });
    expect(json.body.code).toBe(200);
    expect(json.body.data.bundle.rejected).toBe(1);
  });

  it('refuses deleting a defect type in use, naming the QC defects', async () => {
    const response = await f.post('defectType/delete', { id: hole }, f.admin, 'en');
    expect([response.status, response.body.data?.errorKey]).toEqual([409, 'inUse']);
    expect(response.body.message).toContain('QC defects');
    const unused = await f.data<{ id: number }>(f.post('defectType/create', { code: 'D99', name: '未用 Unused' }));
    expect((await f.post('defectType/delete', { id: unused.id })).body.code).toBe(200);
  });
});
