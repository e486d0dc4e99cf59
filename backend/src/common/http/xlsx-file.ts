import { StreamableFile } from '@nestjs/common';
import { attachmentDisposition } from './content-disposition.js';

/** The media type of an Excel workbook (for @ApiProduces and the response). */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * An Excel download: `asciiName` for old clients (RFC 6266 `filename`), `title` — the sheet's
 * title in the user's language, Chinese included — as the UTF-8 `filename*` browsers prefer.
 * Both get ".xlsx" here.
 */
export function xlsxFile(file: Buffer, asciiName: string, title: string): StreamableFile {
  return new StreamableFile(file, {
    type: XLSX_TYPE,
    disposition: attachmentDisposition(`${title}.xlsx`, `${asciiName}.xlsx`),
  });
}
