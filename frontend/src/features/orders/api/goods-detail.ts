// GET /api/admin/goods/detail?id=: a style's colours (grid rows) and sizes (grid columns).
import type { GoodsColor, SizeEntry } from '@contracts/master-data';
import { apiGet } from '../../../lib/http-client';

export interface StyleDetail {
  id: number;
  code: string;
  name: string;
  costPrice: string | number | null;
  salesPrice: string | number | null;
  colors: GoodsColor[];
  sizes: SizeEntry[];
}

const cache = new Map<number, Promise<StyleDetail>>();

/** Loaded once per style while the page lives; a failure is not remembered. */
export function getStyleDetail(id: number): Promise<StyleDetail> {
  let pending = cache.get(id);
  if (!pending) {
    pending = apiGet<StyleDetail>('/admin/goods/detail', { params: { id } });
    cache.set(id, pending);
    pending.catch(() => cache.delete(id));
  }
  return pending;
}

export function forgetStyleDetails(): void {
  cache.clear();
}
