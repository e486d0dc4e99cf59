import type { Localized } from '../../../contracts/master-data.js';
import { DomainException } from '../common/errors/domain.exception.js';

export const SIZES_LABEL: Localized = { 'zh-CN': '尺码', en: 'Sizes' };
export const MAX_SIZES = 100;
const MAX_SIZE_NAME = 16;

/** One size as sent by the form: an id keeps an existing size (goods refer to it). */
export interface SizeInput {
  id: number | null;
  name: string;
  sortOrder: number;
}

function problem(label: Localized, name: string, params: Record<string, number> = {}): DomainException {
  return new DomainException('validation', {}, { field: 'sizes', problem: name, params, label });
}

const rowLabel = (row: number, part?: Localized): Localized => ({
  'zh-CN': `尺码第 ${row} 行${part?.['zh-CN'] ?? ''}`,
  en: part ? `Size ${row} ${part.en.toLowerCase()}` : `Size ${row}`,
});

/**
 * Reads the `sizes` field of a size-group form: a JSON string `[{"id":4,"name":"S"},{"name":"XXL"}]`,
 * in order. Names are trimmed and unique within the group regardless of case; at least one.
 */
export function parseSizeEntries(text: unknown): SizeInput[] {
  let parsed: unknown;
  try {
    parsed = typeof text === 'string' ? JSON.parse(text || '[]') : text;
  } catch {
    throw problem(SIZES_LABEL, 'invalid');
  }
  if (!Array.isArray(parsed)) throw problem(SIZES_LABEL, 'invalid');
  if (parsed.length === 0) throw problem(SIZES_LABEL, 'required');
  if (parsed.length > MAX_SIZES) throw problem(SIZES_LABEL, 'max', { max: MAX_SIZES });

  const names = new Set<string>();
  const ids = new Set<number>();
  return parsed.map((item: unknown, index): SizeInput => {
    const row = index + 1;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) throw problem(rowLabel(row), 'invalid');
    const { id, name } = item as { id?: unknown; name?: unknown };

    let sizeId: number | null = null;
    if (id !== undefined && id !== null && id !== '') {
      sizeId = typeof id === 'string' && /^\d+$/.test(id.trim()) ? Number(id) : typeof id === 'number' ? id : NaN;
      if (!Number.isInteger(sizeId) || sizeId < 1 || sizeId > 2_147_483_647 || ids.has(sizeId)) {
        throw problem(rowLabel(row, { 'zh-CN': '编号', en: 'Id' }), 'invalid');
      }
      ids.add(sizeId);
    }

    const nameLabel = rowLabel(row, { 'zh-CN': '名称', en: 'Name' });
    if (name !== undefined && name !== null && typeof name !== 'string' && typeof name !== 'number') throw problem(nameLabel, 'string');
    const trimmed = String(name ?? '').trim();
    if (!trimmed) throw problem(nameLabel, 'required');
    if (trimmed.length > MAX_SIZE_NAME) throw problem(nameLabel, 'maxLength', { max: MAX_SIZE_NAME });
    const key = trimmed.toLowerCase();
    if (names.has(key)) {
      throw new DomainException('alreadyExists', {}, { field: 'sizes', label: { 'zh-CN': `尺码“${trimmed}”`, en: `Size "${trimmed}"` } });
    }
    names.add(key);
    return { id: sizeId, name: trimmed, sortOrder: row };
  });
}
