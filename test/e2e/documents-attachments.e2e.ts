// Production documents as attachments: an image and a PDF uploaded to one order through the
// documents screen (one multi-file choice), both listed with their record, the image shown, the
// PDF downloaded (never shown inline), one removed again — in Chinese, then the list in English.
import type { Browser } from 'playwright-core';
import { ApiClient, findStyle, TINY_PNG } from './support/api';
import { ACCOUNTS, launchBrowser, login, newUserContext, screenshot, toast } from './support/browser';

let browser: Browser;
let api: ApiClient;

beforeAll(async () => {
  browser = await launchBrowser();
  api = await ApiClient.login(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
});

afterAll(async () => {
  await browser?.close();
});

/** A small valid PDF (header, objects, cross-reference table, trailer). */
function samplePdf(): Buffer {
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] >>'];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

async function makeOrder(): Promise<{ id: number; orderNo: string }> {
  const customers = await api.get<{ id: number }[]>('customer/options');
  const style = await findStyle(api, (detail) => detail.colors.length >= 1 && detail.sizes.length >= 1);
  if (!style) throw new Error('no demo style');
  const today = new Date().toISOString().slice(0, 10);
  return api.post<{ id: number; orderNo: string }>('productionOrder/create', {
    orderNo: `E2E-DOC-${Date.now().toString(36).toUpperCase()}`,
    customer: customers[0].id,
    goodsId: style.id,
    orderDate: today,
    deliveryDate: today,
    cells: JSON.stringify([{ colorId: style.colors[0].id, sizeId: style.sizes[0].id, quantity: 10 }]),
  });
}

describe('production documents: several images and PDFs per order', () => {
  it('uploads an image and a PDF, lists both, shows the image, downloads the PDF, removes one', async () => {
    const order = await makeOrder();
    const pdf = samplePdf();
    const context = await newUserContext(browser, { language: 'zh-CN' });
    const page = await context.newPage();
    try {
      await login(page, ACCOUNTS.admin, `/production/order/create?id=${order.id}`);
      await page.getByTestId('document-upload').waitFor();
      await page.getByText('尚未上传生产单据').waitFor();

      await page.getByTestId('document-file').setInputFiles([
        { name: '生产单.png', mimeType: 'image/png', buffer: TINY_PNG },
        { name: 'cutting-sheet.pdf', mimeType: 'application/pdf', buffer: pdf },
      ]);
      await toast(page).getByText('已上传 2 份单据').first().waitFor();
      const list = page.getByTestId('document-files');
      await list.locator('li').nth(1).waitFor();
      await expect(list.locator('li').count()).resolves.toBe(2);
      // Newest first: the PDF, then the image; each with its record.
      const [pdfRow, imageRow] = [list.locator('li[data-kind=pdf]'), list.locator('li[data-kind=image]')];
      await expect(pdfRow.textContent()).resolves.toContain('cutting-sheet.pdf');
      await expect(pdfRow.textContent()).resolves.toContain('PDF');
      await expect(pdfRow.textContent()).resolves.toContain(`${pdf.length} B`);
      await expect(imageRow.textContent()).resolves.toContain('生产单.webp');
      await expect(imageRow.textContent()).resolves.toContain('图片');
      for (const row of [pdfRow, imageRow]) await expect(row.textContent()).resolves.toMatch(/#\d+/);
      const thumbnail = imageRow.locator('img');
      await thumbnail.waitFor();
      await expect(thumbnail.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).resolves.toBe(true);
      await screenshot(page, 'documents-attachments-zh-CN');

      // The PDF downloads, byte for byte, and is never opened in the page.
      const [download] = await Promise.all([page.waitForEvent('download'), pdfRow.locator('[data-testid^=document-download-]').click()]);
      expect(download.suggestedFilename()).toBe('cutting-sheet.pdf');
      const path = await download.path();
      const { readFileSync } = await import('node:fs');
      expect(Buffer.compare(readFileSync(path!), pdf)).toBe(0);
      expect(page.url()).toContain(`/production/order/create?id=${order.id}`);

      // The list is the server's: the API sees the same two documents.
      const listed = await api.get<{ list: { name: string; kind: string }[] }>('productionOrder/documents', { id: order.id });
      expect(listed.list.map((file) => file.kind)).toEqual(['pdf', 'image']);

      // Remove the image.
      await imageRow.locator('[data-testid^=document-remove-]').click();
      await page.locator('.p-confirm-dialog-accept').click();
      await toast(page).getByText('单据已删除').first().waitFor();
      await list.locator('li[data-kind=image]').waitFor({ state: 'detached' });
      await expect(list.locator('li').count()).resolves.toBe(1);

      // English.
      await page.evaluate(() => window.localStorage.setItem('language', 'en'));
      await page.reload();
      await page.getByText('Uploaded documents').waitFor();
      await expect(page.getByTestId('document-files').textContent()).resolves.toContain('cutting-sheet.pdf');
      await page.getByText('Download').first().waitFor();
      await screenshot(page, 'documents-attachments-en');
    } finally {
      await context.close();
    }
  });
});
