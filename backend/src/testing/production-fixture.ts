// A small factory for progress tests: a process flow with the flags the scan rules read, one
// style with a 2 × 3 grid, a customer, and helpers to make production orders and scans through
// the real API. Shared by the scan, schedule, board and statistics specs.
import { randomUUID } from 'node:crypto';
import type { Response } from 'supertest';
import { DataSource } from 'typeorm';
import type { TestApp } from './test-app.js';

export interface FlowProcesses {
  cut: number;
  sew: number;
  qc: number;
  /** Warehouse-in and the end process. */
  warehouseIn: number;
  warehouseOut: number;
}

export interface OrderOptions {
  /** Quantities of the cells (colour 0 size 0, colour 1 size 1, …); total = the plan of each step. */
  quantities?: number[];
  deliveryDate?: string;
  orderDate?: string;
  /** Reviewed with a document (not flagged) unless false. */
  ready?: boolean;
  orderNo?: string;
}

export interface ProductionFixture {
  admin: string;
  processes: FlowProcesses;
  colors: number[];
  sizes: number[];
  customer: number;
  goods: number;
  db: DataSource;
  post(path: string, body: Record<string, unknown>, token?: string, language?: string): Promise<Response>;
  get(path: string, query?: Record<string, unknown>, token?: string, language?: string): Promise<Response>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data<T = any>(request: PromiseLike<Response>): Promise<T>;
  createOrder(options?: OrderOptions): Promise<{ id: number; orderNo: string; version: number }>;
  /** POST scan/record with a fresh scan id unless one is given. */
  scan(body: Record<string, unknown>, token?: string, language?: string): Promise<Response>;
  /** Lets a user execute these processes (the permission screen's process list). */
  allowProcesses(username: string, processIds: number[]): Promise<void>;
  setProductionSettings(settings: Record<string, unknown>): Promise<void>;
}

let counter = 0;

export async function setUpProduction(t: TestApp): Promise<ProductionFixture> {
  const admin = await t.login();
  const db = t.app.get(DataSource);
  const post = (path: string, body: Record<string, unknown>, token = admin, language = 'zh-CN') =>
    t.http.post(`/api/admin/${path}`).set('token', token).set('Accept-Language', language).type('form').send(body).then((r) => r);
  const get = (path: string, query: Record<string, unknown> = {}, token = admin, language = 'zh-CN') =>
    t.http.get(`/api/admin/${path}`).set('token', token).set('Accept-Language', language).query(query).then((r) => r);
  const data = async <T>(request: PromiseLike<Response>): Promise<T> => {
    const response = await request;
    if (response.body.code !== 200) throw new Error(JSON.stringify(response.body));
    return response.body.data as T;
  };

  const tag = `${++counter}${randomUUID().slice(0, 4)}`;
  const customer = (await data<{ id: number }>(post('customer/create', { code: `C-${tag}`, shortName: '客户甲' }))).id;
  const category = (await data<{ id: number }>(post('category/create', { code: `CAT-${tag}`, name: '衬衫' }))).id;
  const colors: number[] = [];
  for (const [code, name] of [['RED', '红'], ['BLU', '蓝']]) {
    colors.push((await data<{ id: number }>(post('color/create', { code: `${code}-${tag}`, name, hex: '#123456' }))).id);
  }
  const sizeGroup = await data<{ id: number; sizes: { id: number }[] }>(
    post('size/create', { code: `SG-${tag}`, name: 'x', sizes: '[{"name":"S"},{"name":"M"},{"name":"L"}]' }),
  );
  const goods = await data<{ id: number; sizes: { id: number }[] }>(
    post('goods/create', { code: `ST-${tag}`, name: '男衬衫', category, sizeGroup: sizeGroup.id, colorIds: colors.join(',') }),
  );
  const flow: [keyof FlowProcesses, string, Record<string, unknown>][] = [
    ['cut', '裁床', { cutting: true }],
    ['sew', '车缝', { workshop: true }],
    ['qc', '质检', {}],
    ['warehouseIn', '入库', { warehouseIn: true, endProcess: true }],
    ['warehouseOut', '出库', { warehouseOut: true }],
  ];
  const processes = {} as FlowProcesses;
  for (const [index, [key, name, flags]] of flow.entries()) {
    processes[key] = (await data<{ id: number }>(post('process/create', { code: `${key.toUpperCase()}-${tag}`, name, sortOrder: (index + 1) * 10, ...flags }))).id;
  }

  const allowProcesses = async (username: string, processIds: number[]) => {
    await db.query(`UPDATE app_user SET process_ids = $2::int[] WHERE lower(username) = lower($1)`, [username, processIds]);
  };
  await allowProcesses('admin', Object.values(processes));

  return {
    admin,
    processes,
    colors,
    sizes: goods.sizes.map((size) => size.id),
    customer,
    goods: goods.id,
    db,
    post,
    get,
    data,
    allowProcesses,
    async createOrder(options = {}) {
      const quantities = options.quantities ?? [60, 40];
      const cells = quantities.map((quantity, i) => ({ colorId: colors[i % 2], sizeId: goods.sizes[i % 3].id, quantity }));
      const order = await data<{ id: number; orderNo: string; version: number }>(
        post('productionOrder/create', {
          orderNo: options.orderNo ?? `PO-${tag}-${++counter}`,
          customer,
          goodsId: goods.id,
          orderDate: options.orderDate ?? '2026-01-05',
          deliveryDate: options.deliveryDate ?? '2099-12-31',
          cells: JSON.stringify(cells),
        }),
      );
      if (options.ready !== false) {
        // A reviewed order with its document: the tests of flags make their own.
        await db.query(`UPDATE production_order SET reviewed = true, document = 'test-document' WHERE id = $1`, [order.id]);
      }
      return order;
    },
    scan(body, token = admin, language = 'zh-CN') {
      return post('scan/record', { scanId: randomUUID(), ...body }, token, language);
    },
    async setProductionSettings(settings) {
      await data(post('setting/updateProductionSetting', settings));
    },
  };
}
