// GET /api/admin/productionOrder/importTemplate (a blob) and POST importExcel (multipart `file`).
import type { ImportRowError } from '@contracts/orders';
import { ApiError, apiDownload, apiPost, saveFile } from '../../../lib/http-client';

export async function downloadImportTemplate(): Promise<void> {
  saveFile(await apiDownload('/admin/productionOrder/importTemplate', {}, 'production-order-import.xlsx'));
}

export type ImportResult = { ok: true; created: number } | { ok: false; message: string; errors: ImportRowError[] };

/** A refused import (400 with data.errors) is an answer, not a failure: the rows are listed. */
export async function importProductionOrders(file: File): Promise<ImportResult> {
  const body = new FormData();
  body.append('file', file);
  try {
    const result = await apiPost<{ created: number }>('/admin/productionOrder/importExcel', body, { silent: true, timeout: 60_000 });
    return { ok: true, created: result.created };
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'api') {
      const errors = Array.isArray(error.data.errors) ? (error.data.errors as ImportRowError[]) : [];
      return { ok: false, message: error.message, errors };
    }
    throw error;
  }
}
