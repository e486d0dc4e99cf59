import { apiDownload, saveFile } from './http-client';

/**
 * GET an Excel export and save it, named by the server (its `filename*`, in the user's language)
 * and always ending in .xlsx; resolves to the saved file's name (screens confirm it in a toast).
 */
export async function downloadExcel(url: string, params: Record<string, string | number>, fallbackName: string): Promise<string> {
  const file = await apiDownload(url, params, fallbackName);
  const fileName = /\.xlsx$/i.test(file.fileName) ? file.fileName : `${file.fileName}.xlsx`;
  saveFile({ ...file, fileName });
  return fileName;
}
