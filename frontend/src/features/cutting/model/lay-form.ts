// The lay form as pure data: its draft, the check before saving, and the preview of the bundles
// the server will make (contracts/bundles.ts LayInput: pieces per size = ratio × plies or the
// quantity given; each size cut into bundles of `bundleSize`, the last one holding the remainder).
import { MAX_BUNDLE_SIZE, MAX_BUNDLES_PER_LAY, type CutCell, type LayInput, type LayRecord, type OrderCutting } from '@contracts/bundles';

export const MAX_PLIES = 1000;
export const MAX_NOTE_LENGTH = 200;

export type SizeMode = 'ratio' | 'quantity';

export interface LayDraft {
  colorId: number | null;
  plies: number | null;
  mode: SizeMode;
  /** Per size id: the ratio (pieces per ply) or the quantity, by `mode`. */
  values: Record<number, number | null>;
  bundleSize: number | null;
  cutterId: number | null;
  note: string;
}

export function emptyDraft(defaultBundleSize = 20): LayDraft {
  return { colorId: null, plies: null, mode: 'ratio', values: {}, bundleSize: defaultBundleSize, cutterId: null, note: '' };
}

/** The draft of an existing lay: ratio mode when every size row was given by ratio. */
export function draftOf(lay: LayRecord): LayDraft {
  const byRatio = lay.sizes.length > 0 && lay.sizes.every((size) => size.ratio !== null);
  return {
    colorId: lay.colorId,
    plies: lay.plies,
    mode: byRatio ? 'ratio' : 'quantity',
    values: Object.fromEntries(lay.sizes.map((size) => [size.sizeId, byRatio ? size.ratio : size.quantity])),
    bundleSize: lay.bundleSize,
    cutterId: lay.cutterId,
    note: lay.note,
  };
}

export interface SizePreview {
  sizeId: number;
  sizeName: string;
  pieces: number;
  bundles: number;
  /** Pieces in the last bundle (= bundleSize when it divides evenly; 0 when no pieces). */
  lastBundle: number;
  ordered: number;
  /** Cut so far, without the lay being edited. */
  cutBefore: number;
  /** cutBefore + pieces − ordered: > 0 over-cut, < 0 still short. */
  differenceAfter: number;
}

export interface LayPreview {
  sizes: SizePreview[];
  pieces: number;
  bundles: number;
}

const whole = (value: number | null | undefined): number => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0);

/** Pieces of one size row. */
export function piecesOf(mode: SizeMode, value: number | null | undefined, plies: number | null): number {
  return mode === 'ratio' ? whole(value) * whole(plies) : whole(value);
}

/** `pieces` cut into bundles of `bundleSize`: how many, and the last one's pieces. */
export function bundlesOf(pieces: number, bundleSize: number | null): { bundles: number; lastBundle: number } {
  const size = whole(bundleSize);
  if (pieces <= 0 || size <= 0) return { bundles: 0, lastBundle: 0 };
  const remainder = pieces % size;
  return { bundles: Math.ceil(pieces / size), lastBundle: remainder === 0 ? size : remainder };
}

const cellOf = (cells: readonly CutCell[], colorId: number | null, sizeId: number) => cells.find((cell) => cell.colorId === colorId && cell.sizeId === sizeId);

/** The preview over the order's sizes; `editing` is the lay being changed (its pieces are not "cut before"). */
export function previewOf(draft: LayDraft, cutting: Pick<OrderCutting, 'sizes' | 'cells'>, editing?: LayRecord | null): LayPreview {
  const sizes = cutting.sizes.map((size): SizePreview => {
    const pieces = piecesOf(draft.mode, draft.values[size.id], draft.plies);
    const cell = cellOf(cutting.cells, draft.colorId, size.id);
    const own = editing && editing.colorId === draft.colorId ? (editing.sizes.find((row) => row.sizeId === size.id)?.quantity ?? 0) : 0;
    const ordered = cell?.ordered ?? 0;
    const cutBefore = Math.max(0, (cell?.cut ?? 0) - own);
    return { sizeId: size.id, sizeName: size.name, pieces, ...bundlesOf(pieces, draft.bundleSize), ordered, cutBefore, differenceAfter: cutBefore + pieces - ordered };
  });
  return {
    sizes,
    pieces: sizes.reduce((sum, size) => sum + size.pieces, 0),
    bundles: sizes.reduce((sum, size) => sum + size.bundles, 0),
  };
}

/** What is wrong with the draft: a field → a message key of the 'cutting' namespace with its values. */
export type LayErrors = Partial<Record<'colorId' | 'plies' | 'sizes' | 'bundleSize' | 'note', { key: string; values?: Record<string, number> }>>;

const isWhole = (value: number | null | undefined): value is number => typeof value === 'number' && Number.isInteger(value);

export function validateLay(draft: LayDraft, cutting: Pick<OrderCutting, 'colors' | 'sizes' | 'cells'>): LayErrors {
  const errors: LayErrors = {};
  if (draft.colorId === null || !cutting.colors.some((color) => color.id === draft.colorId)) errors.colorId = { key: 'form.errors.colorRequired' };
  // Plies matter only to ratios; with quantities the server still wants 1–1000 (the layers spread).
  if (!isWhole(draft.plies) || draft.plies < 1 || draft.plies > MAX_PLIES) errors.plies = { key: 'form.errors.plies', values: { max: MAX_PLIES } };
  if (!isWhole(draft.bundleSize) || draft.bundleSize < 1 || draft.bundleSize > MAX_BUNDLE_SIZE) errors.bundleSize = { key: 'form.errors.bundleSize', values: { max: MAX_BUNDLE_SIZE } };
  const given = cutting.sizes.map((size) => draft.values[size.id]).filter((value) => value !== null && value !== undefined);
  if (given.some((value) => !isWhole(value) || value < 0)) errors.sizes = { key: 'form.errors.sizeWhole' };
  else if (!given.some((value) => (value ?? 0) > 0)) errors.sizes = { key: 'form.errors.sizesRequired' };
  else if (!errors.plies && !errors.bundleSize) {
    const bundles = previewOf(draft, { sizes: cutting.sizes, cells: cutting.cells }).bundles;
    if (bundles > MAX_BUNDLES_PER_LAY) errors.sizes = { key: 'form.errors.tooManyBundles', values: { count: bundles, max: MAX_BUNDLES_PER_LAY } };
  }
  if (draft.note.length > MAX_NOTE_LENGTH) errors.note = { key: 'form.errors.note', values: { max: MAX_NOTE_LENGTH } };
  return errors;
}

/** The request body (sizes with a positive value only); call after validateLay found nothing. */
export function layInputOf(draft: LayDraft, orderId: number, version?: number): LayInput {
  const sizes = Object.entries(draft.values)
    .filter(([, value]) => typeof value === 'number' && value > 0)
    .map(([sizeId, value]) => (draft.mode === 'ratio' ? { sizeId: Number(sizeId), ratio: value as number } : { sizeId: Number(sizeId), quantity: value as number }));
  const input: LayInput = { orderId, colorId: draft.colorId as number, plies: draft.plies as number, sizes, bundleSize: draft.bundleSize as number };
  if (draft.cutterId !== null) input.cutterId = draft.cutterId;
  if (draft.note.trim()) input.note = draft.note.trim();
  if (version !== undefined) input.version = version;
  return input;
}

/** The ordered-vs-cut grid: colour rows × size columns of the cells, with row and column totals. */
export interface CutGridRow {
  colorId: number;
  colorName: string;
  cells: (CutCell | null)[];
  ordered: number;
  cut: number;
}

export function cutGridOf(cutting: Pick<OrderCutting, 'colors' | 'sizes' | 'cells'>): { rows: CutGridRow[]; totals: { ordered: number; cut: number }[]; ordered: number; cut: number } {
  const rows = cutting.colors.map((color) => {
    const cells = cutting.sizes.map((size) => cellOf(cutting.cells, color.id, size.id) ?? null);
    return {
      colorId: color.id,
      colorName: color.name,
      cells,
      ordered: cells.reduce((sum, cell) => sum + (cell?.ordered ?? 0), 0),
      cut: cells.reduce((sum, cell) => sum + (cell?.cut ?? 0), 0),
    };
  });
  const totals = cutting.sizes.map((_, index) => ({
    ordered: rows.reduce((sum, row) => sum + (row.cells[index]?.ordered ?? 0), 0),
    cut: rows.reduce((sum, row) => sum + (row.cells[index]?.cut ?? 0), 0),
  }));
  return { rows, totals, ordered: rows.reduce((sum, row) => sum + row.ordered, 0), cut: rows.reduce((sum, row) => sum + row.cut, 0) };
}
