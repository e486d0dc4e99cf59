/**
 * Is this a PDF, by its content? The header `%PDF-1.x` / `%PDF-2.x` at the start, an `%%EOF`
 * marker near the end, a `startxref` pointing inside the file, and at least one object. A file
 * merely renamed .pdf, or a PDF header glued onto something else, is refused. (No renderer runs
 * on the server: PDFs are stored as uploaded and only ever served as downloads.)
 */
export function looksLikePdf(bytes: Buffer): boolean {
  if (bytes.length < 64) return false;
  if (!/^%PDF-[12]\.\d/.test(bytes.subarray(0, 8).toString('latin1'))) return false;
  const tail = bytes.subarray(Math.max(0, bytes.length - 2048)).toString('latin1');
  const eof = tail.lastIndexOf('%%EOF');
  if (eof < 0) return false;
  const startxref = /startxref\s+(\d{1,12})\s+%%EOF/g;
  let offset: number | null = null;
  for (let match = startxref.exec(tail); match; match = startxref.exec(tail)) offset = Number(match[1]);
  if (offset === null || offset <= 0 || offset >= bytes.length) return false;
  // What startxref points at: a classic cross-reference table or a cross-reference stream object.
  const target = bytes.subarray(offset, offset + 64).toString('latin1');
  if (!/^(xref\b|\d+\s+\d+\s+obj\b)/.test(target)) return false;
  return /\d+\s+\d+\s+obj\b/.test(bytes.subarray(0, Math.min(bytes.length, 4096)).toString('latin1')) || /\d+\s+\d+\s+obj\b/.test(bytes.toString('latin1'));
}
