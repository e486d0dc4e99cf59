// Downloading an xlsx export through the booted app and reading it back, for the export specs.
import ExcelJS from 'exceljs';
import type { Response } from 'supertest';
import type { TestApp } from './test-app.js';

/** GET `path` (under /api/admin) with the body kept as bytes; no token when `token` is null. */
export function downloadFile(t: TestApp, path: string, query: Record<string, unknown>, token: string | null, language = 'en'): Promise<Response> {
  const request = t.http.get(`/api/admin/${path}`).set('Accept-Language', language).query(query);
  if (token) request.set('token', token);
  return request.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });
}

/** The first sheet as rows of cell values, header row first; an empty cell is '' and keeps its place. */
export async function sheetRows(body: unknown): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as ExcelJS.Buffer);
  const sheet = workbook.worksheets[0];
  const rows: unknown[][] = [];
  sheet.eachRow((row) => {
    const values: unknown[] = [];
    for (let i = 1; i <= sheet.columnCount; i++) values.push(row.getCell(i).value ?? '');
    rows.push(values);
  });
  return rows;
}
