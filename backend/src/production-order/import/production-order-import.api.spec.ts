import ExcelJS from 'exceljs';
import { createDeflateRaw, crc32 } from 'node:zlib';
import { IMPORT_COLUMNS } from '../../../../contracts/orders.js';
import { bootTestApp, type TestApp } from '../../testing/test-app.js';
import { MAX_IMPORT_ROWS, ProductionOrderImportService } from './production-order-import.service.js';

describe('production orders: Excel import (API)', () => {
  let t: TestApp;
  let admin: string;
  let viewer: string;

  const post = (path: string, body: Record<string, unknown>) => t.http.post(`/api/admin/${path}`).set('token', admin).type('form').send(body);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const data = async <T = any>(request: PromiseLike<{ body: { code: number; data: unknown } }>): Promise<T> => {
    const response = await request;
    if (response.body.code !== 200) throw new Error(JSON.stringify(response.body));
    return response.body.data as T;
  };
  const binary = (response: { on: (event: string, listener: (chunk?: Buffer) => void) => void }, callback: (error: Error | null, body: Buffer) => void) => {
    const chunks: Buffer[] = [];
    response.on('data', (chunk) => chunks.push(chunk!));
    response.on('end', () => callback(null, Buffer.concat(chunks)));
  };
  const workbook = async (rows: (string | number | Date)[][], headers = IMPORT_COLUMNS.map((column) => column.title['zh-CN'])): Promise<Buffer> => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('orders');
    sheet.addRow(headers);
    for (const row of rows) sheet.addRow(row);
    return Buffer.from(await book.xlsx.writeBuffer());
  };
  const importFile = (file: Buffer, language = 'zh-CN', token = admin) =>
    t.http.post('/api/admin/productionOrder/importExcel').set('token', token).set('Accept-Language', language).attach('file', file, 'orders.xlsx');
  const count = async () => (await data(t.http.get('/api/admin/productionOrder/list').set('token', admin).query({ 'filter.hidden': 'all', pageSize: 1 }))).total as number;

  // orderNo, customerCode, customerOrderNo, goodsCode, colorCode, size, quantity, orderDate, deliveryDate, note
  const row = (orderNo: string, color = 'RED', size = 'M', quantity: number | string = 10, extra: Partial<Record<string, string>> = {}) => [
    orderNo,
    extra.customer ?? 'C-IMP',
    'CPO-7',
    extra.goods ?? 'ST-IMP',
    color,
    size,
    quantity,
    extra.orderDate ?? '2025-03-01',
    extra.deliveryDate ?? '2025-04-01',
    '',
  ];

  beforeAll(async () => {
    t = await bootTestApp();
    admin = await t.login();
    viewer = await t.login('viewer', 'viewer123');
    await data(post('customer/create', { code: 'C-IMP', shortName: '客户乙' }));
    const category = (await data(post('category/create', { code: 'CAT-IMP', name: 'x' }))).id;
    const colors: number[] = [];
    for (const code of ['RED', 'BLU', 'GRN']) colors.push((await data(post('color/create', { code, name: code }))).id);
    const sizeGroup = await data(post('size/create', { code: 'SG-IMP', name: 'x', sizes: '[{"name":"S"},{"name":"M"},{"name":"L"}]' }));
    await data(post('goods/create', { code: 'ST-IMP', name: '女装', category, sizeGroup: sizeGroup.id, colorIds: `${colors[0]},${colors[1]}` }));
    await data(post('process/create', { code: 'CUT', name: '裁剪', sortOrder: 1 }));
  });
  afterAll(() => t.close());

  it('serves a template with the columns in the request language, an example row and notes', async () => {
    for (const language of ['zh-CN', 'en'] as const) {
      const response = await t.http.get('/api/admin/productionOrder/importTemplate').set('token', admin).set('Accept-Language', language).buffer(true).parse(binary);
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toContain('spreadsheetml');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(response.body as unknown as ArrayBuffer);
      const sheet = book.worksheets[0];
      expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(IMPORT_COLUMNS.map((column) => column.title[language]));
      expect(sheet.getRow(2).getCell(4).value).toBe('ST-001');
      expect(book.worksheets[1].rowCount).toBeGreaterThan(3);
    }
  });

  it('imports rows as orders: same order number = one order with its cells, default route', async () => {
    const file = await workbook([row('IMP-1', 'RED', 'S', 5), row('IMP-1', 'BLU', 'M', 7), row('IMP-2', 'RED', 'L', 3, { orderDate: new Date(Date.UTC(2025, 2, 2)) as unknown as string })]);
    const result = await data(importFile(file));
    expect(result.created).toBe(2);
    const detail = await data(t.http.get('/api/admin/productionOrder/detail').set('token', admin).query({ id: result.orders[0].id }));
    expect(detail).toMatchObject({ orderNo: 'IMP-1', customerLabel: '客户乙', productName: '女装', customerOrderNo: 'CPO-7', totalQuantity: 12, orderDate: '2025-03-01', deliveryDate: '2025-04-01' });
    expect(detail.cells).toHaveLength(2);
    expect(detail.route).toHaveLength(1);
    const second = await data(t.http.get('/api/admin/productionOrder/detail').set('token', admin).query({ id: result.orders[1].id }));
    expect(second.orderDate).toBe('2025-03-02');
  });

  it('imports nothing when one row among many is wrong, and lists every error in the request language', async () => {
    const before = await count();
    const rows = Array.from({ length: 50 }, (_, i) => row(`BAD-${i}`));
    rows.push(row('BAD-X1', 'PNK', 'M', 1, { customer: 'NOPE' })); // row 52: customer, colour
    rows.push(row('BAD-X2', 'GRN', 'XXL', 'abc', { goods: 'ST-IMP' })); // row 53: colour not of style, size, quantity
    rows.push(row('BAD-0', 'RED', 'M', 2)); // row 54: repeats the cell of row 2
    rows.push(row('BAD-X3', 'RED', 'M', 1, { goods: 'NO-STYLE', orderDate: '2025-02-30', deliveryDate: '2025-01-01' })); // row 55
    rows.push(row('BAD-X4', 'RED', 'M', 0, { orderDate: '2025-05-01', deliveryDate: '2025-04-01' })); // row 56
    const response = await importFile(await workbook(rows), 'en');
    expect(response.status).toBe(400);
    expect(response.body.code).toBe(400);
    expect(response.body.data.errorKey).toBe('importInvalid');
    const errors = response.body.data.errors as { row: number; column: string; message: string }[];
    expect(errors).toEqual(
      expect.arrayContaining([
        { row: 52, column: 'Customer code', message: 'unknown customer code' },
        { row: 52, column: 'Colour code', message: 'unknown colour code' },
        { row: 53, column: 'Colour code', message: "not one of the style's colours" },
        { row: 53, column: 'Size', message: "not one of the style's sizes" },
        { row: 53, column: 'Quantity', message: 'must be a whole number from 1 to 1000000' },
        { row: 54, column: 'Size', message: 'repeats the colour and size of row 2' },
        { row: 55, column: 'Style no.', message: 'goods code invalid' },
        { row: 55, column: 'Order date', message: 'is not a valid date (YYYY-MM-DD)' },
        { row: 56, column: 'Quantity', message: 'must be a whole number from 1 to 1000000' },
        { row: 56, column: 'Delivery date', message: 'the delivery date cannot be before the order date' },
      ]),
    );
    expect(response.body.message).toBe(`The file has ${errors.length} errors; nothing was imported`);
    expect(await count()).toBe(before);
    const zh = await importFile(await workbook([row('Z-1', 'RED', 'M', 1, { customer: 'NOPE' })]));
    expect(zh.body.data.errors).toEqual([{ row: 2, column: '客户编码', message: '客户编码不存在' }]);
  });

  it('refuses an order number that exists, missing columns, files that are not Excel, and no file — never a 500', async () => {
    await data(importFile(await workbook([row('IMP-DUP')])));
    const duplicate = await importFile(await workbook([row('imp-dup', 'BLU')]));
    expect(duplicate.body.data.errors).toEqual([{ row: 2, column: '生产单号', message: '生产单号已存在' }]);
    const missing = await importFile(await workbook([['x']], ['生产单号']));
    expect(missing.status).toBe(400);
    expect(missing.body.data.errors.map((error: { column: string }) => error.column)).toContain('客户编码');
    const garbage = await importFile(Buffer.from('not a spreadsheet'));
    expect(garbage.status).toBe(400);
    expect(garbage.body.data.errorKey).toBe('importInvalid');
    const empty = await importFile(await workbook([]));
    expect(empty.status).toBe(400);
    const noFile = await t.http.post('/api/admin/productionOrder/importExcel').set('token', admin).type('form').send({ x: '1' });
    expect(noFile.status).toBe(400);
    expect(noFile.body.data.errorKey).toBe('validation');
    expect((await importFile(await workbook([row('V-1')]), 'zh-CN', viewer)).status).toBe(403);
  });

  it('imports 2,000 rows in one transaction', async () => {
    const before = await count();
    const rows: (string | number)[][] = [];
    for (let i = 0; i < 2000; i++) rows.push(row(`BULK-${Math.floor(i / 4)}`, i % 2 ? 'RED' : 'BLU', ['S', 'M'][Math.floor(i / 2) % 2], 1 + (i % 50)));
    const file = await workbook(rows);
    const started = performance.now();
    const result = await data(importFile(file));
    const elapsed = performance.now() - started;
    expect(result.created).toBe(500);
    expect(await count()).toBe(before + 500);
    // Reported, not asserted: the time depends on the machine.
    process.stdout.write(`import of 2,000 rows (500 orders): ${elapsed.toFixed(0)} ms\n`);
  });

  describe('abuse', () => {
    /** A minimal zip: each entry deflated, with local headers, a central directory and its end record. */
    const zip = (entries: { name: string; data: Buffer; size: number; crc: number }[]): Buffer => {
      const locals: Buffer[] = [];
      const centrals: Buffer[] = [];
      let offset = 0;
      for (const entry of entries) {
        const name = Buffer.from(entry.name);
        const local = Buffer.alloc(30);
        local.writeUInt32LE(0x04034b50, 0);
        local.writeUInt16LE(20, 4);
        local.writeUInt16LE(8, 8); // deflate
        local.writeUInt32LE(entry.crc, 14);
        local.writeUInt32LE(entry.data.length, 18);
        local.writeUInt32LE(entry.size, 22);
        local.writeUInt16LE(name.length, 26);
        const central = Buffer.alloc(46);
        central.writeUInt32LE(0x02014b50, 0);
        central.writeUInt16LE(20, 4);
        central.writeUInt16LE(20, 6);
        central.writeUInt16LE(8, 10);
        central.writeUInt32LE(entry.crc, 16);
        central.writeUInt32LE(entry.data.length, 20);
        central.writeUInt32LE(entry.size, 24);
        central.writeUInt16LE(name.length, 28);
        central.writeUInt32LE(offset, 42);
        locals.push(local, name, entry.data);
        centrals.push(central, name);
        offset += local.length + name.length + entry.data.length;
      }
      const directory = Buffer.concat(centrals);
      const end = Buffer.alloc(22);
      end.writeUInt32LE(0x06054b50, 0);
      end.writeUInt16LE(entries.length, 8);
      end.writeUInt16LE(entries.length, 10);
      end.writeUInt32LE(directory.length, 12);
      end.writeUInt32LE(offset, 16);
      return Buffer.concat([...locals, directory, end]);
    };
    /** `megabytes` MiB of zeros, deflated as a stream (never held in memory whole). */
    const deflatedZeros = (megabytes: number) =>
      new Promise<{ data: Buffer; size: number; crc: number }>((resolve, reject) => {
        const chunk = Buffer.alloc(1024 * 1024, 0x30);
        const deflate = createDeflateRaw({ level: 9 });
        const out: Buffer[] = [];
        let crc = 0;
        deflate.on('data', (part: Buffer) => out.push(part));
        deflate.on('end', () => resolve({ data: Buffer.concat(out), size: megabytes * chunk.length, crc }));
        deflate.on('error', reject);
        for (let i = 0; i < megabytes; i++) {
          crc = crc32(chunk, crc);
          deflate.write(chunk);
        }
        deflate.end();
      });
    const small = (name: string, text: string) => ({ name, data: Buffer.from(text), size: text.length, crc: crc32(Buffer.from(text)) });

    it('refuses a zip bomb from its directory, before inflating, quickly and without a memory spike', async () => {
      const zeros = await deflatedZeros(200);
      expect(zeros.data.length).toBeLessThan(1024 * 1024);
      const bomb = zip([{ name: 'xl/worksheets/sheet1.xml', ...zeros }]);
      const before = process.memoryUsage().rss;
      const started = performance.now();
      const response = await importFile(bomb, 'en');
      const elapsed = performance.now() - started;
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 400, data: { errorKey: 'importTooLarge', zip: 'tooLarge' } });
      expect(response.body.message).toMatch(/200 MiB uncompressed, at most 64 MiB/);
      expect(elapsed).toBeLessThan(2000);
      expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);

      // Under the total but 1000:1: refused by its ratio.
      const ratio = zip([{ name: 'xl/worksheets/sheet1.xml', ...(await deflatedZeros(30)) }]);
      const byRatio = await importFile(ratio);
      expect(byRatio.status).toBe(400);
      expect(byRatio.body.data.zip).toBe('ratio');
      expect(byRatio.body.message).toMatch(/压缩比/);

      // Too many entries.
      const many = zip(Array.from({ length: 250 }, (_, i) => small(`x/${i}.xml`, '<a/>')));
      const byCount = await importFile(many, 'en');
      expect(byCount.status).toBe(400);
      expect(byCount.body.message).toMatch(/250 entries in the archive, at most 200/);
      // A directory that understates the sizes: inflation stops at the declared size.
      const liar = await deflatedZeros(200);
      const lying = await importFile(zip([{ name: 'xl/worksheets/sheet1.xml', data: liar.data, size: 1000, crc: liar.crc }]), 'en');
      expect(lying.status).toBe(400);
      expect(lying.body).toMatchObject({ data: { errorKey: 'importTooLarge', zip: 'sizeMismatch' } });
      expect(lying.body.message).toMatch(/does not inflate to its declared size/);
      // A truncated directory is "not an Excel file", not a 500.
      expect((await importFile(bomb.subarray(0, bomb.length - 30))).body.data.errorKey).toBe('importInvalid');
    }, 30_000);

    it('reads rows as a stream and stops at the row cap, naming the cap', async () => {
      const before = await count();
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('orders');
      sheet.addRow(IMPORT_COLUMNS.map((column) => column.title.en));
      for (let i = 0; i < MAX_IMPORT_ROWS + 50; i++) sheet.addRow(row(`CAP-${i}`));
      const file = Buffer.from(await book.xlsx.writeBuffer());
      const response = await importFile(file, 'en');
      expect(response.status).toBe(400);
      expect(response.body.data.errorKey).toBe('importInvalid');
      expect(response.body.data.errors).toEqual([{ row: MAX_IMPORT_ROWS + 2, column: '', message: `at most ${MAX_IMPORT_ROWS} rows can be imported` }]);
      expect(await count()).toBe(before);
    }, 60_000);

    it('runs one import at a time: a concurrent one is refused with 429', async () => {
      // The first import is held inside the service until the second has been answered, so the
      // overlap is certain however fast the machine is (a timed overlap was flaky).
      type Importer = { importBuffer: (...args: unknown[]) => Promise<unknown> };
      const service = t.app.get(ProductionOrderImportService) as unknown as Importer;
      const original = service.importBuffer;
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let entered!: () => void;
      const started = new Promise<void>((resolve) => (entered = resolve));
      service.importBuffer = async function (this: unknown, ...args: unknown[]) {
        entered();
        await gate;
        return original.apply(this, args);
      };
      try {
        const first = importFile(await workbook([row('PAR-FIRST')])).then((response) => ({ response }));
        await started;
        const second = await importFile(await workbook([row('PAR-SECOND')]), 'en');
        expect(second.status).toBe(429);
        expect(second.body).toMatchObject({ code: 429, data: { errorKey: 'importBusy' } });
        expect(second.body.message).toMatch(/Another import is running/);
        release();
        expect((await first).response.body.code).toBe(200);
      } finally {
        release();
        delete (service as Partial<Importer>).importBuffer; // the prototype's method again
      }
      // Once it is done, the next import runs.
      expect((await importFile(await workbook([row('PAR-SECOND')]))).body.code).toBe(200);
    }, 60_000);
  });
});
