// The floor: scans with client scan ids, a few at a time, to the instances in turn, bounded in
// count and time. Every attempt is kept; a scan is "acknowledged" once an attempt got a 200.
// Unacknowledged scans may be re-sent with the SAME scanId (the exactly-once contract).
import { randomUUID } from 'node:crypto';
import type { Cell } from './cluster';
import { cellKey } from './cluster';
import { httpRequest, type HttpAnswer } from './http';
import type { AppInstance } from './instances';
import type { PrivatePostgres } from './services';
import { sleep } from './services';

export interface Attempt {
  instance: string;
  answer: HttpAnswer;
  phase: string;
}

export interface Scan extends Cell {
  scanId: string;
  quantity: number;
  attempts: Attempt[];
  acked: boolean;
}

export interface StreamOptions {
  /** Where to send: called for every scan; the stream takes them in turn. */
  targets: () => AppInstance[];
  token: string;
  cells: Cell[];
  concurrency?: number;
  maxScans?: number;
  maxMs?: number;
  /** Pause of each worker between two requests. */
  pauseMs?: number;
}

export class ScanStream {
  readonly scans = new Map<string, Scan>();
  /** A label for the attempts made now ('before', 'outage', 'after'…), set by the test. */
  phase = 'run';
  private running = false;
  private workers: Promise<void>[] = [];
  private turn = 0;
  private sent = 0;
  private startedAt = 0;

  constructor(private readonly options: StreamOptions) {}

  start(): void {
    this.running = true;
    this.startedAt = Date.now();
    const concurrency = this.options.concurrency ?? 4;
    for (let i = 0; i < concurrency; i++) this.workers.push(this.work());
  }

  /** Waits until the stream reached its bound (count or time). */
  async finished(): Promise<void> {
    await Promise.all(this.workers);
  }

  /** Stops sending new scans and waits for the requests in flight. */
  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.workers);
    this.workers = [];
  }

  private get bounded(): boolean {
    const { maxScans = 3000, maxMs = 90_000 } = this.options;
    return this.sent >= maxScans || Date.now() - this.startedAt >= maxMs;
  }

  private async work(): Promise<void> {
    while (this.running && !this.bounded) {
      const targets = this.options.targets().filter((instance) => instance.running);
      if (targets.length === 0) {
        await sleep(100);
        continue;
      }
      const instance = targets[this.turn++ % targets.length];
      const cell = this.options.cells[this.sent % this.options.cells.length];
      this.sent += 1;
      const scan: Scan = { ...cell, scanId: randomUUID(), quantity: 1 + (this.sent % 3), attempts: [], acked: false };
      this.scans.set(scan.scanId, scan);
      await this.send(scan, instance);
      await sleep(this.options.pauseMs ?? 15);
    }
  }

  async send(scan: Scan, instance: AppInstance, onWritten?: () => void): Promise<Attempt> {
    // The phase the scan was SENT in: a request sent while the database was frozen and refused
    // after its read timeout belongs to the freeze even when the thaw came before the answer.
    const phase = this.phase;
    const answer = await httpRequest(instance.url, 'POST', '/api/admin/scan/record', {
      token: this.options.token,
      agent: instance.agent,
      onWritten,
      form: { scanId: scan.scanId, orderId: scan.orderId, processId: scan.processId, quantity: scan.quantity },
    });
    const attempt = { instance: instance.name, answer, phase };
    scan.attempts.push(attempt);
    if (answer.status === 200 && answer.body?.code === 200) scan.acked = true;
    return attempt;
  }

  /**
   * Re-sends every unacknowledged scan with its own scanId until it is acknowledged or the time
   * is up (what a scan station's offline queue does). Returns how many are still unacknowledged.
   */
  async retryUnacknowledged(targets: () => AppInstance[], timeoutMs = 30_000): Promise<number> {
    const previous = this.phase;
    this.phase = 'retry';
    const deadline = Date.now() + timeoutMs;
    let pending = [...this.scans.values()].filter((scan) => !scan.acked);
    let turn = 0;
    while (pending.length > 0 && Date.now() < deadline) {
      const live = targets().filter((instance) => instance.running);
      if (live.length === 0) throw new Error('no instance left to retry scans on');
      // A few at a time: a retry backlog must not be a burst.
      for (let i = 0; i < pending.length; i += 8) {
        await Promise.all(pending.slice(i, i + 8).map((scan) => this.send(scan, live[turn++ % live.length])));
      }
      pending = pending.filter((scan) => !scan.acked);
      if (pending.length > 0) await sleep(500);
    }
    this.phase = previous;
    return pending.length;
  }

  attempts(): (Attempt & { scan: Scan })[] {
    return [...this.scans.values()].flatMap((scan) => scan.attempts.map((attempt) => ({ ...attempt, scan })));
  }

  /** Counts of answers by phase and outcome ("200", "503", "ECONNREFUSED"…). */
  summary(): Record<string, Record<string, number>> {
    const result: Record<string, Record<string, number>> = {};
    for (const attempt of this.attempts()) {
      const outcome = attempt.answer.status !== null ? String(attempt.answer.status) : String(attempt.answer.error);
      result[attempt.phase] ??= {};
      result[attempt.phase][outcome] = (result[attempt.phase][outcome] ?? 0) + 1;
    }
    return result;
  }

  /** Acknowledged pieces per (order, process). */
  acknowledgedCells(): Map<string, number> {
    const cells = new Map<string, number>();
    for (const cell of this.options.cells) cells.set(cellKey(cell), 0);
    for (const scan of this.scans.values()) if (scan.acked) cells.set(cellKey(scan), (cells.get(cellKey(scan)) ?? 0) + scan.quantity);
    return cells;
  }
}

export interface Ledger {
  scansSent: number;
  acknowledged: number;
  unacknowledged: number;
  /** Scan rows in the database for the stream's orders. */
  rows: number;
  /** Acknowledged scans with no row (lost). */
  lost: string[];
  /** Scan ids with more than one row (doubled; the unique index should make this impossible). */
  doubled: string[];
  /** Rows whose scan id the stream never sent, or with another quantity / order / process. */
  foreign: string[];
  /** Rows of scans that were never acknowledged (committed, answer lost). */
  committedUnacknowledged: number;
  acknowledgedByCell: Record<string, number>;
  counterByCell: Record<string, number>;
  rowSumByCell: Record<string, number>;
}

/** Compares what the floor was told with what the database holds. */
export async function ledger(stream: ScanStream, postgres: PrivatePostgres, orders: number[]): Promise<Ledger> {
  const rows = await postgres.query<{ scan_id: string; order_id: number; process_id: number; quantity: number }>(
    'SELECT scan_id, order_id, process_id, quantity FROM scan WHERE order_id = ANY($1::int[])',
    [orders],
  );
  const counters = await postgres.query<{ order_id: number; process_id: number; done_quantity: number }>(
    'SELECT order_id, process_id, done_quantity FROM production_order_step WHERE order_id = ANY($1::int[])',
    [orders],
  );
  const byId = new Map<string, typeof rows>();
  for (const row of rows) byId.set(row.scan_id, [...(byId.get(row.scan_id) ?? []), row]);
  const scans = [...stream.scans.values()];
  const acknowledgedByCell = Object.fromEntries(stream.acknowledgedCells());
  const counterByCell: Record<string, number> = {};
  const rowSumByCell: Record<string, number> = {};
  for (const key of Object.keys(acknowledgedByCell)) {
    const [orderId, processId] = key.split(':').map(Number);
    counterByCell[key] = counters.find((row) => row.order_id === orderId && row.process_id === processId)?.done_quantity ?? -1;
    rowSumByCell[key] = rows.filter((row) => row.order_id === orderId && row.process_id === processId).reduce((sum, row) => sum + row.quantity, 0);
  }
  return {
    scansSent: scans.length,
    acknowledged: scans.filter((scan) => scan.acked).length,
    unacknowledged: scans.filter((scan) => !scan.acked).length,
    rows: rows.length,
    lost: scans.filter((scan) => scan.acked && !byId.has(scan.scanId)).map((scan) => scan.scanId),
    doubled: [...byId].filter(([, found]) => found.length > 1).map(([id]) => id),
    foreign: rows
      .filter((row) => {
        const scan = stream.scans.get(row.scan_id);
        return !scan || scan.quantity !== row.quantity || scan.orderId !== row.order_id || scan.processId !== row.process_id;
      })
      .map((row) => row.scan_id),
    committedUnacknowledged: scans.filter((scan) => !scan.acked && byId.has(scan.scanId)).length,
    acknowledgedByCell,
    counterByCell,
    rowSumByCell,
  };
}

/** The assertions every spec makes on its ledger, after the unacknowledged scans were re-sent. */
export function expectNothingLostOrDoubled(book: Ledger): void {
  expect({ lost: book.lost, doubled: book.doubled, foreign: book.foreign }).toEqual({ lost: [], doubled: [], foreign: [] });
  // After the retries every scan was acknowledged: the rows are exactly the acknowledged scans.
  expect(book.unacknowledged).toBe(0);
  expect(book.rows).toBe(book.acknowledged);
  expect(book.counterByCell).toEqual(book.acknowledgedByCell);
  expect(book.rowSumByCell).toEqual(book.acknowledgedByCell);
}
