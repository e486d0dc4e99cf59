import type { Localized, ProcessStep } from '../../../contracts/master-data.js';
import { DomainException } from '../common/errors/domain.exception.js';

export const STEPS_LABEL: Localized = { 'zh-CN': '子工序', en: 'Sub-processes' };
export const MAX_STEPS = 100;
const MAX_STEP_NAME = 64;
const MAX_PIECE_RATE = 9999;

function problem(label: Localized, name: string, params: Record<string, number> = {}): DomainException {
  return new DomainException('validation', {}, { field: 'steps', problem: name, params, label });
}

const rowLabel = (row: number, part?: Localized): Localized => ({
  'zh-CN': `子工序第 ${row} 行${part?.['zh-CN'] ?? ''}`,
  en: part ? `Sub-process ${row} ${part.en.toLowerCase()}` : `Sub-process ${row}`,
});

/** Two decimals at most, like every money field. */
function isMoney(value: number): boolean {
  return Number.isFinite(value) && Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
}

/**
 * Reads the `steps` field of a process form: a JSON string `[{"name":"…","pieceRate":0.5}]`.
 * Their order is their sequence. Any problem is a 400 naming the row, never a 500.
 */
export function parseProcessSteps(text: unknown): ProcessStep[] {
  let parsed: unknown;
  try {
    parsed = typeof text === 'string' ? JSON.parse(text || '[]') : text;
  } catch {
    throw problem(STEPS_LABEL, 'invalid');
  }
  if (!Array.isArray(parsed)) throw problem(STEPS_LABEL, 'invalid');
  if (parsed.length > MAX_STEPS) throw problem(STEPS_LABEL, 'max', { max: MAX_STEPS });
  return parsed.map((item: unknown, index): ProcessStep => {
    const row = index + 1;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) throw problem(rowLabel(row), 'invalid');
    const { name, pieceRate } = item as { name?: unknown; pieceRate?: unknown };
    const nameLabel = rowLabel(row, { 'zh-CN': '名称', en: 'Name' });
    if (name !== undefined && name !== null && typeof name !== 'string') throw problem(nameLabel, 'string');
    const trimmed = (name ?? '').trim();
    if (!trimmed) throw problem(nameLabel, 'required');
    if (trimmed.length > MAX_STEP_NAME) throw problem(nameLabel, 'maxLength', { max: MAX_STEP_NAME });

    const rateLabel = rowLabel(row, { 'zh-CN': '计件单价', en: 'Piece rate' });
    let rate: number | null = null;
    if (pieceRate !== undefined && pieceRate !== null && pieceRate !== '') {
      rate = typeof pieceRate === 'string' && pieceRate.trim() !== '' ? Number(pieceRate) : typeof pieceRate === 'number' ? pieceRate : NaN;
      if (!isMoney(rate)) throw problem(rateLabel, 'number');
      if (rate < 0) throw problem(rateLabel, 'min', { min: 0 });
      if (rate > MAX_PIECE_RATE) throw problem(rateLabel, 'max', { max: MAX_PIECE_RATE });
    }
    return { name: trimmed, sequence: row, pieceRate: rate };
  });
}
