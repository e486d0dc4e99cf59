// The app as the benches run it: the real HTTP stack on the embedded database, or on a scratch
// database of its own when DATABASE_URL is set (dropped afterwards), with an admin token. On
// Express as shipped, or on Fastify for the HTTP adapter bench (fastify-app.ts).
import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { createApp } from '../src/app.factory.js';
import { loadConfig } from '../src/config/app-config.js';
import { IN_MEMORY_DATA_DIR } from '../src/database/embedded-postgres.js';
import { createScratchDatabase } from '../src/database/scratch-database.js';

export const ADMIN_PASSWORD = 'bench-admin-pass';

/** The HTTP adapter the app boots on: Express (createApp, as shipped) or Fastify (fastify-app.ts). */
export type HttpAdapterName = 'express' | 'fastify';

export interface BenchApp {
  app: INestApplication;
  url: string;
  /** The scratch database's URL, or undefined on the embedded database. */
  databaseUrl: string | undefined;
  token: string;
  /** POSTs a form; throws unless the envelope says 200. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  post(path: string, body: Record<string, string>): Promise<{ code: number; message: string; data: any }>;
  close(): Promise<void>;
}

export interface BenchAppOptions {
  /** Run on this (empty) database as it is, instead of a scratch one (a database the operator created for the bench). */
  databaseUrl?: string;
  /** Start with the demo factory's data (a month of orders and scans), as `npm start` does. */
  seedDemo?: boolean;
  /** More configuration (e.g. REDIS_URL and REDIS_STREAM_NAME for several instances, METRICS_TOKEN for the metrics overhead bench). */
  env?: Record<string, string>;
  /** Express unless told; Fastify only for the HTTP adapter bench. */
  httpAdapter?: HttpAdapterName;
}

export async function bootBenchApp(options: BenchAppOptions = {}): Promise<BenchApp> {
  const scratch = !options.databaseUrl && process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL, 'sb_bench') : null;
  const databaseUrl = options.databaseUrl ?? scratch?.url;
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    ADMIN_PASSWORD,
    SEED_DEMO: options.seedDemo ? 'true' : 'false',
    DATA_DIR: IN_MEMORY_DATA_DIR,
    FRONTEND_DIST: '/nonexistent',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...options.env,
  });
  // Fastify's packages are a devDependency of the bench: loaded only when asked for.
  const app = options.httpAdapter === 'fastify' ? await (await import('./fastify-app.js')).createFastifyApp(config) : await createApp(config);
  await app.listen(0, '127.0.0.1');
  const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  let token = '';
  const post: BenchApp['post'] = async (path, body) => {
    const response = await fetch(`${url}/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(token ? { token } : {}) },
      body: new URLSearchParams(body),
    });
    const json = (await response.json()) as Awaited<ReturnType<BenchApp['post']>>;
    if (json.code !== 200) throw new Error(`${path}: ${json.message}`);
    return json;
  };
  token = (await post('admin/login/login', { username: 'admin', password: ADMIN_PASSWORD })).data.token as string;
  return {
    app,
    url,
    databaseUrl,
    token,
    post,
    close: async () => {
      await app.close();
      await scratch?.drop();
    },
  };
}

/** A style with its colours and sizes, a customer, and the five-process flow, made through the API. */
export interface BenchFactory {
  customer: number;
  goods: { id: number; sizes: { id: number }[] };
  colors: number[];
  /** cut → sew → QC → warehouse-in (end) → warehouse-out, in route order. */
  processes: number[];
}

/**
 * The factory the scan-writing benches share: one customer, one style in `colors` (one or two)
 * and sizes S–L, and the flow the scan rules know — cut → sew → QC → warehouse-in (end) →
 * warehouse-out — which the admin may execute. `tag` keeps codes apart between benches.
 */
export async function createBenchFactory(bench: BenchApp, tag: string, colorCount: 1 | 2 = 2): Promise<BenchFactory> {
  const id = async (path: string, body: Record<string, string>) => (await bench.post(`admin/${path}`, body)).data.id as number;
  const customer = await id('customer/create', { code: `C-${tag}`, shortName: 'Customer' });
  const category = await id('category/create', { code: `CAT-${tag}`, name: 'Shirts' });
  const palette = [
    { code: 'RED', name: 'Red', hex: '#aa0000' },
    { code: 'BLU', name: 'Blue', hex: '#0000aa' },
  ];
  const colors: number[] = [];
  for (const color of palette.slice(0, colorCount)) colors.push(await id('color/create', color));
  const sizeGroup = (await bench.post('admin/size/create', { code: 'SG', name: 'S–L', sizes: '[{"name":"S"},{"name":"M"},{"name":"L"}]' })).data as { id: number };
  const goods = (await bench.post('admin/goods/create', { code: `ST-${tag}`, name: 'Shirt', category: String(category), sizeGroup: String(sizeGroup.id), colorIds: colors.join(',') }))
    .data as BenchFactory['goods'];
  const flow: [string, string, Record<string, string>][] = [
    ['CUT', 'Cutting', { cutting: 'true' }],
    ['SEW', 'Sewing', { workshop: 'true' }],
    ['QC', 'QC', {}],
    ['WIN', 'Warehouse in', { warehouseIn: 'true', endProcess: 'true' }],
    ['WOUT', 'Warehouse out', { warehouseOut: 'true' }],
  ];
  const processes: number[] = [];
  for (const [index, [code, name, flags]] of flow.entries()) processes.push(await id('process/create', { code, name, sortOrder: String((index + 1) * 10), ...flags }));
  await bench.app.get(DataSource).query(`UPDATE app_user SET process_ids = $1::int[] WHERE username = 'admin'`, [processes]);
  return { customer, goods, colors, processes };
}

/**
 * `orders` production orders of the factory's style, `plannedPerOrder` pieces each over two
 * colour/size cells, made through the API a few at a time (with routes and due dates as in
 * production), then marked reviewed with a document so their scans are not flagged. Their ids.
 */
export async function createScanOrders(bench: BenchApp, factory: BenchFactory, args: { orders: number; plannedPerOrder: number }): Promise<number[]> {
  const { customer, goods, colors } = factory;
  const half = Math.floor(args.plannedPerOrder / 2);
  const cells = JSON.stringify([
    { colorId: colors[0], sizeId: goods.sizes[0].id, quantity: half },
    { colorId: colors[1], sizeId: goods.sizes[1].id, quantity: args.plannedPerOrder - half },
  ]);
  const orderIds: number[] = [];
  for (let i = 0; i < args.orders; i += 8) {
    const batch = Array.from({ length: Math.min(8, args.orders - i) }, async (_, k) => {
      const body = { orderNo: `PO-SCAN-${String(i + k).padStart(4, '0')}`, customer: String(customer), goodsId: String(goods.id), orderDate: '2026-01-05', deliveryDate: '2099-12-31', cells };
      return (await bench.post('admin/productionOrder/create', body)).data.id as number;
    });
    orderIds.push(...(await Promise.all(batch)));
  }
  await bench.app.get(DataSource).query(`UPDATE production_order SET reviewed = true, document = 'bench-document' WHERE id = ANY($1::int[])`, [orderIds]);
  return orderIds;
}
