// One fault scenario's world: a private PostgreSQL cluster and Redis, two app instances on them,
// and a small factory built through the real HTTP API (as production-fixture.ts does in process).
// Everything is torn down by `teardown()`, which never throws and is called from afterAll.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BoardSnapshot } from '@contracts/production';
import { data, httpRequest } from './http';
import { ADMIN_PASSWORD, AppInstance } from './instances';
import { PrivatePostgres, PrivateRedis } from './services';

export const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
export const OUTPUT_DIR = join(REPO_ROOT, 'test-output/faults');
/** The app under test: this checkout's build, or another checkout's (FAULTS_APP_ROOT, e.g. a baseline). */
export const APP_ROOT = process.env.FAULTS_APP_ROOT ?? REPO_ROOT;

export interface Cell {
  orderId: number;
  processId: number;
}

export interface Factory {
  token: string;
  processes: { cut: number; sew: number };
  orders: number[];
  /** The (order, process) pairs the scan stream scans: every board must show them right. */
  cells: Cell[];
}

export const cellKey = (cell: Cell) => `${cell.orderId}:${cell.processId}`;

function localDay(at: Date): string {
  return `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
}

export class FaultCluster {
  readonly redis: PrivateRedis;
  readonly postgres: PrivatePostgres;
  readonly a: AppInstance;
  readonly b: AppInstance;
  factory!: Factory;
  private readonly cleanups: (() => Promise<void> | void)[] = [];

  private constructor(readonly spec: string) {
    mkdirSync(OUTPUT_DIR, { recursive: true });
    // Fresh logs per run (restarts within the run append).
    for (const part of ['redis', 'postgres', 'A', 'B']) writeFileSync(join(OUTPUT_DIR, `${spec}-${part}.log`), '');
    this.redis = new PrivateRedis(join(OUTPUT_DIR, `${spec}-redis.log`));
    this.postgres = new PrivatePostgres(join(OUTPUT_DIR, `${spec}-postgres.log`));
    const env = { DATABASE_URL: this.postgres.url, REDIS_URL: this.redis.url };
    this.a = new AppInstance('A', APP_ROOT, join(OUTPUT_DIR, `${spec}-A.log`), env);
    this.b = new AppInstance('B', APP_ROOT, join(OUTPUT_DIR, `${spec}-B.log`), env);
  }

  /** Services, then A (it runs the migrations and creates admin), then B, then the factory. */
  static async start(spec: string): Promise<FaultCluster> {
    const cluster = new FaultCluster(spec);
    globalCluster = cluster;
    const started = Date.now();
    try {
      await cluster.postgres.init();
      await cluster.redis.start();
      await cluster.a.start();
      await cluster.b.start();
      cluster.factory = await buildFactory(cluster);
    } catch (error) {
      // The spec never gets the cluster to tear down: do it here, then fail.
      await cluster.teardown();
      throw error;
    }
    console.log(`[${spec}] cluster ready in ${Date.now() - started} ms: A ${cluster.a.url}, B ${cluster.b.url}, logs in test-output/faults/${spec}-*.log`);
    return cluster;
  }

  get instances(): AppInstance[] {
    return [this.a, this.b];
  }

  /** Registered work for teardown (boards, streams): run before the services go. */
  onTeardown(cleanup: () => Promise<void> | void): void {
    this.cleanups.push(cleanup);
  }

  /** "instance A died: …" for every instance that exited without the test asking. */
  deaths(): string[] {
    return this.instances.map((instance) => instance.deathReport()).filter((report): report is string => report !== null);
  }

  /** The truth a board must show: a fresh snapshot from the first instance that gives one. */
  async snapshotCells(): Promise<Map<string, number>> {
    const failures: string[] = [];
    for (const instance of this.instances.filter((candidate) => candidate.running)) {
      try {
        const snapshot = await data<BoardSnapshot>(httpRequest(instance.url, 'GET', '/api/board/snapshot', { token: this.factory.token }), `board snapshot from ${instance.name}`);
        return doneByCell(snapshot, this.factory.cells);
      } catch (error) {
        failures.push((error as Error).message);
      }
    }
    throw new Error(`no instance gave a board snapshot${failures.length ? `: ${failures.join('; ')}` : ' (none running)'}`);
  }

  /** The database's counters per (order, process). */
  async databaseCells(): Promise<Map<string, number>> {
    const rows = await this.postgres.query<{ order_id: number; process_id: number; done_quantity: number }>(
      'SELECT order_id, process_id, done_quantity FROM production_order_step WHERE order_id = ANY($1::int[])',
      [this.factory.orders],
    );
    const cells = new Map<string, number>();
    for (const row of rows) {
      const key = cellKey({ orderId: row.order_id, processId: row.process_id });
      if (this.factory.cells.some((cell) => cellKey(cell) === key)) cells.set(key, row.done_quantity);
    }
    return cells;
  }

  async teardown(): Promise<void> {
    for (const cleanup of this.cleanups.splice(0).reverse()) {
      try {
        await cleanup();
      } catch (error) {
        console.warn(`[${this.spec}] teardown step failed: ${(error as Error).message}`);
      }
    }
    await Promise.all(this.instances.map((instance) => instance.stop().catch(() => undefined)));
    await this.redis.stop().catch(() => undefined);
    await this.postgres.destroy();
    if (globalCluster === this) globalCluster = null;
  }
}

/** Per (order, process) done quantities of a board snapshot, for the given cells. */
export function doneByCell(snapshot: BoardSnapshot, cells: Cell[]): Map<string, number> {
  const result = new Map<string, number>();
  for (const cell of cells) {
    const row = snapshot.rows.find((candidate) => candidate.id === cell.orderId);
    const step = row?.steps[String(cell.processId)];
    if (step) result.set(cellKey(cell), step.done);
  }
  return result;
}

async function buildFactory(cluster: FaultCluster): Promise<Factory> {
  const base = cluster.a.url;
  const login = await data<{ token: string }>(
    httpRequest(base, 'POST', '/api/admin/login/login', { form: { username: 'admin', password: ADMIN_PASSWORD } }),
    'admin login',
  );
  const token = login.token;
  const post = <T = { id: number }>(path: string, form: Record<string, string | number | boolean>) =>
    data<T>(httpRequest(base, 'POST', `/api/admin/${path}`, { token, form }), `POST ${path}`);

  // Cut and sew scanned independently: the stream does not have to respect the route order.
  await post('setting/updateProductionSetting', { scanInOrder: false });
  const customer = (await post('customer/create', { code: 'C-FAULT', shortName: 'Fault customer' })).id;
  const category = (await post('category/create', { code: 'CAT-FAULT', name: 'Shirts' })).id;
  const colors: number[] = [];
  for (const code of ['RED', 'BLU']) colors.push((await post('color/create', { code: `${code}-FAULT`, name: code, hex: '#123456' })).id);
  const sizeGroup = await post<{ id: number }>('size/create', { code: 'SG-FAULT', name: 'x', sizes: '[{"name":"S"},{"name":"M"},{"name":"L"}]' });
  const goods = await post<{ id: number; sizes: { id: number }[] }>('goods/create', {
    code: 'ST-FAULT',
    name: 'Shirt',
    category,
    sizeGroup: sizeGroup.id,
    colorIds: colors.join(','),
  });
  const flow: [string, Record<string, boolean>][] = [
    ['CUT', { cutting: true }],
    ['SEW', { workshop: true }],
    ['QC', {}],
    ['WIN', { warehouseIn: true, endProcess: true }],
    ['WOUT', { warehouseOut: true }],
  ];
  const processIds: number[] = [];
  for (const [index, [code, flags]] of flow.entries()) {
    processIds.push((await post('process/create', { code, name: code, sortOrder: (index + 1) * 10, ...flags })).id);
  }
  // As production-fixture.ts: the admin may execute every process (the permission screen's list).
  await cluster.postgres.query(`UPDATE app_user SET process_ids = $1::int[] WHERE lower(username) = 'admin'`, [processIds]);

  const today = new Date();
  const soon = new Date(today.getTime() + 10 * 86_400_000);
  const orders: number[] = [];
  for (let i = 0; i < 4; i++) {
    const order = await post('productionOrder/create', {
      orderNo: `PO-FAULT-${i + 1}`,
      customer,
      goodsId: goods.id,
      orderDate: localDay(today),
      // Within the board's default window (delivery in the next 30 days).
      deliveryDate: localDay(soon),
      cells: JSON.stringify([
        { colorId: colors[0], sizeId: goods.sizes[0].id, quantity: 3000 },
        { colorId: colors[1], sizeId: goods.sizes[1].id, quantity: 3000 },
      ]),
    });
    orders.push(order.id);
  }
  // As production-fixture.ts: reviewed, with its document (scans are not flagged).
  await cluster.postgres.query(`UPDATE production_order SET reviewed = true, document = 'test-document' WHERE id = ANY($1::int[])`, [orders]);
  const processes = { cut: processIds[0], sew: processIds[1] };
  const cells = orders.flatMap((orderId) => [
    { orderId, processId: processes.cut },
    { orderId, processId: processes.sew },
  ]);
  return { token, processes, orders, cells };
}

let globalCluster: FaultCluster | null = null;

// A test process that dies between beforeAll and afterAll must not leave servers on the ports.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void (globalCluster?.teardown() ?? Promise.resolve()).finally(() => process.exit(1));
  });
}

/**
 * Runs a fault scenario, keeping its failure instead of throwing, so that every outcome is still
 * asserted by its own test (with the instances' deaths named) rather than all failing alike.
 */
export async function runScenario(cluster: FaultCluster, scenario: () => Promise<void>): Promise<string | null> {
  try {
    await scenario();
    return null;
  } catch (error) {
    const deaths = cluster.deaths();
    const message = `${(error as Error).message}${deaths.length ? `\n${deaths.join('\n')}` : ''}`;
    console.log(`[${cluster.spec}] the scenario stopped early: ${message}`);
    return message;
  }
}

/** A measured value, or a failure saying the scenario never got that far. */
export function measured<T>(value: T | undefined, what: string, failure: string | null): T {
  if (value === undefined) throw new Error(`${what} was not measured: the scenario stopped early: ${failure}`);
  return value;
}
