/**
 * `Content-Disposition: attachment` for a download named `fileName` (Chinese included): an ASCII
 * `filename` for old clients (RFC 6266; anything outside printable ASCII, quotes and backslashes
 * become `_`, so a user-chosen name can never break out of the quoted string) and the exact name
 * as the UTF-8 `filename*` browsers prefer.
 */
export function attachmentDisposition(fileName: string, asciiFallback = fileName): string {
  const ascii = asciiFallback.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
