// GET /api/admin/bundle/:code (the code, case-insensitive): a bundle with its steps per process,
// its trace and its open rework lots.
import type { BundleDetail } from '@contracts/bundles';
import { apiGet } from '../../../lib/http-client';

/** `quiet`: a background refresh after a pushed change; a failure shows on the page, not as a toast. */
export function getBundle(code: string, quiet = false): Promise<BundleDetail> {
  return apiGet<BundleDetail>(`/admin/bundle/${encodeURIComponent(code)}`, { silent: quiet });
}
