import ExcelJS from 'exceljs';
import { randomUUID } from 'node:crypto';
import type { AppraisalReport, PayrollReport, WorkerToday } from '../../../contracts/appraisal.js';
import { shiftDay, startOfLocalDay } from '../progress/calendar.js';
import { localDay } from '../progress/progress-math.js';
import { createActiveUser } from '../testing/accounts.js';
import { setUpProduction, type ProductionFixture } from '../testing/production-fixture.js';
import { bootTestApp, type TestApp } from '../testing/test-app.js';

// Piece-rate pay computed by hand. Rates: cutting 0.30 (0.35 from the middle of day 2), sewing
// 2.50 with sub-process "上领" at 0.80 and "上袖" without a rate (paid at sewing's), QC none.
//
//   day 1  w1 cut 60 × 0.30 = 18.00        w1 sew 20 × 2.50 = 50.00
//          w2 sew/上领 10 × 0.80 = 8.00    w2 qc 10 × –    = 0
//   day 2  w1 cut 10 × 0.30 = 3.00, then the rate changes, w1 cut 20 × 0.35 = 7.00 (one row, two rates)
//          w1 sew 10 × 2.50 = 25.00, taken back by a correcting entry (−10, −25.00): the row nets to nothing
//          w2 sew/上袖 5 × 2.50 = 12.50    w2 sew 4 × 2.50 = 10.00
//
//   w1: 60 + 20 + 30 = 110 pieces, 78.00    w2: 10 + 10 + 5 + 4 = 29 pieces, 30.50    all: 139, 108.50
// Day 2 is today (a correcting entry counts on the day it is made), day 1 yesterday.
describe('piece-rate pay (API)', () => {
  let t: TestApp;
  let f: ProductionFixture;
  let w1: { id: number; token: string };
  let w2: { id: number; token: string };
  let outsider: { id: number; token: string };
  let sewDepartment: number;
  let steps: { collar: number; sleeves: number };
  const day2 = localDay();
  const day1 = shiftDay(day2, -1);
  /** Noon of the day, never later than a minute ago (scans may not be dated ahead). */
  const at = (day: string) => new Date(Math.min(Date.now() - 60_000, startOfLocalDay(day).getTime() + 12 * 3_600_000)).toISOString();

  const errorOf = async (request: PromiseLike<{ status: number; body: { code: number; message: string; data: { errorKey?: string } | null } }>) => {
    const response = await request;
    return { status: response.status, key: response.body.data?.errorKey, message: response.body.message };
  };

  beforeAll(async () => {
    t = await bootTestApp();
    f = await setUpProduction(t);
    const p = f.processes;
    const departments: { id: number; code: string }[] = await f.db.query(`SELECT id, code FROM department`);
    const department = (code: string) => departments.find((row) => row.code === code)!.id;
    sewDepartment = department('SEW');
    w1 = await createActiveUser(t, f.admin, { username: 'pay-w1', password: 'Stitch-pay-1', permissions: 'Scan', nickname: '工人甲', department: department('CUT') });
    w2 = await createActiveUser(t, f.admin, { username: 'pay-w2', password: 'Stitch-pay-2', permissions: 'Scan', nickname: '工人乙', department: sewDepartment });
    outsider = await createActiveUser(t, f.admin, { username: 'pay-w3', password: 'Stitch-pay-3', permissions: 'Scan,Home', nickname: '工人丙' });
    await f.allowProcesses('pay-w1', [p.cut, p.sew]);
    await f.allowProcesses('pay-w2', [p.sew, p.qc]);
    await f.allowProcesses('pay-w3', [p.warehouseOut]);

    await f.db.query(`UPDATE process SET piece_rate = CASE id WHEN $1 THEN 0.30 WHEN $2 THEN 2.50 END WHERE id IN ($1, $2)`, [p.cut, p.sew]);
    const process = await f.data<{ version: number }>(f.get('process/detail', { id: p.sew }));
    const sew = await f.data<{ steps: { id: number; name: string }[] }>(
      f.post('process/update', { id: p.sew, version: process.version, steps: JSON.stringify([{ name: '上领', pieceRate: 0.8 }, { name: '上袖' }]) }),
    );
    steps = { collar: sew.steps[0].id, sleeves: sew.steps[1].id };

    const order = await f.createOrder({ quantities: [60, 40] });
    const scan = async (body: Record<string, unknown>) => f.data(f.scan({ orderId: order.id, ...body }));
    await scan({ processId: p.cut, quantity: 60, workerId: w1.id, scannedAt: at(day1) });
    await scan({ processId: p.sew, quantity: 20, workerId: w1.id, scannedAt: at(day1) });
    await scan({ processId: p.sew, quantity: 10, workerId: w2.id, stepId: steps.collar, scannedAt: at(day1) });
    await scan({ processId: p.qc, quantity: 10, workerId: w2.id, scannedAt: at(day1) });
    await scan({ processId: p.cut, quantity: 10, workerId: w1.id, scannedAt: at(day2) });
    await f.db.query(`UPDATE process SET piece_rate = 0.35 WHERE id = $1`, [p.cut]);
    await scan({ processId: p.cut, quantity: 20, workerId: w1.id, scannedAt: at(day2) });
    const taken = randomUUID();
    await f.data(f.scan({ scanId: taken, orderId: order.id, processId: p.sew, quantity: 10, workerId: w1.id, scannedAt: at(day2) }));
    await f.data(f.post('scan/reverse', { scanId: randomUUID(), reversesScanId: taken }));
    await scan({ processId: p.sew, quantity: 5, workerId: w2.id, stepId: steps.sleeves, scannedAt: at(day2) });
    await scan({ processId: p.sew, quantity: 4, workerId: w2.id, scannedAt: at(day2) });
  }, 120_000);
  afterAll(() => t.close());

  const appraisal = (query: Record<string, unknown> = {}, token = f.admin) => f.get('statistics/appraisal', { from: day1, to: day2, ...query }, token);

  it('stores each scan with the rate in force; a correcting entry carries the rate of the scan it takes back', async () => {
    const rows: { quantity: number; rate: number | null; step: string | null }[] = await f.db.query(
      `SELECT s.quantity, s.piece_rate::float8 AS rate, st.name AS step FROM scan s LEFT JOIN process_step st ON st.id = s.step_id ORDER BY s.id`,
    );
    expect(rows).toEqual([
      { quantity: 60, rate: 0.3, step: null },
      { quantity: 20, rate: 2.5, step: null },
      { quantity: 10, rate: 0.8, step: '上领' },
      { quantity: 10, rate: null, step: null },
      { quantity: 10, rate: 0.3, step: null },
      { quantity: 20, rate: 0.35, step: null },
      { quantity: 10, rate: 2.5, step: null },
      { quantity: -10, rate: 2.5, step: null },
      { quantity: 5, rate: 2.5, step: '上袖' },
      { quantity: 4, rate: 2.5, step: null },
    ]);
  });

  it('reports pieces and pay per worker, process, sub-process and day, with the totals', async () => {
    const report: AppraisalReport = await f.data(appraisal());
    const p = f.processes;
    expect(report.totals).toEqual({ pieces: 139, pay: 108.5 });
    expect(report.total).toBe(7);
    expect(report.rows.map(({ workerId, processId, stepName, day, pieces, pieceRate, pay }) => ({ workerId, processId, stepName, day, pieces, pieceRate, pay }))).toEqual(
      expect.arrayContaining([
        { workerId: w1.id, processId: p.cut, stepName: null, day: day1, pieces: 60, pieceRate: 0.3, pay: 18 },
        { workerId: w1.id, processId: p.sew, stepName: null, day: day1, pieces: 20, pieceRate: 2.5, pay: 50 },
        { workerId: w2.id, processId: p.sew, stepName: '上领', day: day1, pieces: 10, pieceRate: 0.8, pay: 8 },
        { workerId: w2.id, processId: p.qc, stepName: null, day: day1, pieces: 10, pieceRate: null, pay: 0 },
        { workerId: w1.id, processId: p.cut, stepName: null, day: day2, pieces: 30, pieceRate: null, pay: 10 },
        { workerId: w2.id, processId: p.sew, stepName: '上袖', day: day2, pieces: 5, pieceRate: 2.5, pay: 12.5 },
        { workerId: w2.id, processId: p.sew, stepName: null, day: day2, pieces: 4, pieceRate: 2.5, pay: 10 },
      ]),
    );
    expect(report.rows.find((row) => row.workerId === w1.id)).toMatchObject({ day: day1, workerName: '工人甲', departmentName: '裁床车间 Cutting' });
    expect(report.rows.map((row) => row.day)).toEqual([day1, day1, day1, day1, day2, day2, day2]);
    expect(report.byWorker).toEqual([
      { key: w1.id, label: '工人甲', pieces: 110, pay: 78 },
      { key: w2.id, label: '工人乙', pieces: 29, pay: 30.5 },
    ]);
    expect(report.byProcess).toEqual([
      { key: p.cut, label: '裁床', pieces: 90, pay: 28 },
      { key: p.sew, label: '车缝', pieces: 39, pay: 80.5 },
      { key: p.qc, label: '质检', pieces: 10, pay: 0 },
    ]);
    expect(report.byDay).toEqual([
      { key: day1, label: day1, pieces: 100, pay: 76 },
      { key: day2, label: day2, pieces: 39, pay: 32.5 },
    ]);
  });

  it('filters by worker, department and process, and pages the rows (totals stay those of the filter)', async () => {
    expect((await f.data<AppraisalReport>(appraisal({ workerId: w1.id }))).totals).toEqual({ pieces: 110, pay: 78 });
    expect((await f.data<AppraisalReport>(appraisal({ departmentId: sewDepartment }))).totals).toEqual({ pieces: 29, pay: 30.5 });
    expect((await f.data<AppraisalReport>(appraisal({ processId: f.processes.sew }))).totals).toEqual({ pieces: 39, pay: 80.5 });
    const page = await f.data<AppraisalReport>(appraisal({ page: 2, pageSize: 5 }));
    expect(page).toMatchObject({ total: 7, page: 2, pageSize: 5, totals: { pieces: 139, pay: 108.5 } });
    expect(page.rows).toHaveLength(2);
    expect((await f.data<AppraisalReport>(appraisal({ to: shiftDay(day1, -1), from: shiftDay(day1, -3) }))).rows).toEqual([]);
  });

  it("gives the month's payroll, and its Excel file says the same", async () => {
    const month = day2.slice(0, 7);
    // Day 1 is in last month on the first of a month.
    const sameMonth = day1.startsWith(month);
    const expected = sameMonth
      ? [{ workerId: w1.id, pieces: 110, pay: 78 }, { workerId: w2.id, pieces: 29, pay: 30.5 }]
      : [{ workerId: w1.id, pieces: 30, pay: 10 }, { workerId: w2.id, pieces: 9, pay: 22.5 }];
    const payroll: PayrollReport = await f.data(f.get('statistics/payroll', { month }));
    expect(payroll.month).toBe(month);
    expect(payroll.lines.map(({ workerId, pieces, pay }) => ({ workerId, pieces, pay }))).toEqual(expected);
    expect(payroll.lines[0]).toMatchObject({ workerName: '工人甲', username: 'pay-w1', departmentName: '裁床车间 Cutting' });
    expect(payroll.totals).toEqual({ pieces: expected[0].pieces + expected[1].pieces, pay: expected[0].pay + expected[1].pay });
    expect((await f.data<PayrollReport>(f.get('statistics/payroll', { month, departmentId: sewDepartment }))).lines.map((line) => line.workerId)).toEqual([w2.id]);

    const file = await t.http
      .get('/api/admin/statistics/payroll/export')
      .query({ month })
      .set('token', f.admin)
      .set('Accept-Language', 'en')
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.body as ArrayBuffer);
    const sheet = book.worksheets[0];
    const values = (row: number) => (sheet.getRow(row).values as unknown[]).slice(1);
    expect(values(1)).toEqual(['Worker', 'Username', 'Department', 'Pieces', 'Pay']);
    expect(sheet.rowCount).toBe(payroll.lines.length + 2);
    expect(values(2)).toEqual(['工人甲', 'pay-w1', '裁床车间 Cutting', expected[0].pieces, expected[0].pay]);
    const total = values(sheet.rowCount);
    expect(total[0]).toBe('Total');
    expect(total.slice(3)).toEqual([payroll.totals.pieces, payroll.totals.pay]);

    const appraisalFile = await t.http.get('/api/admin/statistics/appraisal/export').query({ from: day1, to: day2 }).set('token', f.admin).buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      });
    const appraisalBook = new ExcelJS.Workbook();
    await appraisalBook.xlsx.load(appraisalFile.body as ArrayBuffer);
    const rows = appraisalBook.worksheets[0];
    expect(rows.rowCount).toBe(7 + 2);
    expect((rows.getRow(rows.rowCount).values as unknown[]).slice(1)).toEqual(['合计', undefined, undefined, undefined, undefined, 139, undefined, 108.5]);
  });

  it("shows the station a worker's pieces and pay today: their own, or a worker they may credit", async () => {
    const own: WorkerToday = await f.data(f.get('scan/worker-today', {}, w1.token));
    // w1's sewing today was taken back: only cutting is left.
    expect(own).toEqual({ workerId: w1.id, workerName: '工人甲', day: day2, pieces: 30, pay: 10, byProcess: [{ processId: f.processes.cut, processName: '裁床', pieces: 30, pay: 10 }] });
    // w1 and w2 share sewing: w1's station may credit w2.
    expect(await f.data(f.get('scan/worker-today', { workerId: w2.id }, w1.token))).toMatchObject({ workerId: w2.id, pieces: 9, pay: 22.5 });
    expect(await errorOf(f.get('scan/worker-today', { workerId: w1.id }, outsider.token))).toMatchObject({ status: 403, key: 'workerNotAllowed' });
    expect(await errorOf(f.get('scan/worker-today', { workerId: 999_999 }))).toMatchObject({ status: 403, key: 'workerNotAllowed' });
    expect(await errorOf(f.get('scan/worker-today', { workerId: 'x' }))).toMatchObject({ status: 400, key: 'validation' });
  });

  it('needs a token (401) and the PerformanceAppraisalDetails route (403)', async () => {
    for (const path of ['statistics/appraisal', 'statistics/payroll?month=2026-01', 'statistics/payroll/export?month=2026-01', 'statistics/appraisal/export', 'scan/worker-today']) {
      expect({ path, status: (await t.http.get(`/api/admin/${path}`)).status }).toEqual({ path, status: 401 });
    }
    for (const path of ['statistics/appraisal', 'statistics/payroll', 'statistics/payroll/export', 'statistics/appraisal/export']) {
      expect({ path, ...(await errorOf(f.get(path, { month: '2026-01' }, w1.token))) }).toMatchObject({ path, status: 403, key: 'forbidden' });
    }
  });

  it('refuses bad dates, reversed periods and periods longer than 92 days with a translated 400', async () => {
    expect(await errorOf(appraisal({ from: '2026-02-30', to: '2026-03-01' }))).toMatchObject({ status: 400, key: 'validation' });
    expect(await errorOf(appraisal({ from: '2026-03-02', to: '2026-03-01' }))).toMatchObject({ status: 400, key: 'dateRangeReversed', message: '结束日期早于开始日期' });
    // 1 January – 2 April is 92 days: allowed; one more is not.
    expect((await appraisal({ from: '2026-01-01', to: '2026-04-02' })).status).toBe(200);
    expect(await errorOf(f.get('statistics/appraisal', { from: '2026-01-01', to: '2026-04-03' }, f.admin, 'en'))).toMatchObject({
      status: 400,
      key: 'dateRangeTooLong',
      message: 'The period may span at most 92 days',
    });
    expect(await errorOf(appraisal({ pageSize: 501 }))).toMatchObject({ status: 400, key: 'validation' });
    for (const month of ['2026-13', '2026-1', '', 'x']) {
      expect({ month, ...(await errorOf(f.get('statistics/payroll', { month }))) }).toMatchObject({ month, status: 400, key: 'validation' });
    }
    expect(await errorOf(f.get('statistics/payroll'))).toMatchObject({ status: 400, key: 'validation' });
  });
});
