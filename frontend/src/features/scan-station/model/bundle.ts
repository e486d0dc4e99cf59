// A bundle ticket (菲号) at the station: what its code is, how many pieces the station offers to
// record at its process (the pieces open there; fewer is a partial bundle), whether one scan
// records it at once (the floor's fast path), what a QC inspection may send, and the rework lots
// waiting at the process. Pure functions of contracts/bundles.ts shapes, tested without a browser.
import { decodeBundleTicket, type BundleDetail, type BundleStep, type DefectDisposition, type OpenRework } from '@contracts/bundles';
import type { RemainingNumbers } from './remaining';

/** What a scanned code is: a bundle ticket (its code), else an order number or job ticket (read by readScan). */
export type CodeKind = { kind: 'bundle'; code: string } | { kind: 'order' };

export function classifyCode(text: string): CodeKind {
  // eslint-disable-next-line no-control-regex
  const code = decodeBundleTicket(text.replace(/[\u0000-\u001f\u007f]/g, ''));
  return code && !/\s/.test(code) ? { kind: 'bundle', code: code.toUpperCase() } : { kind: 'order' };
}

/** The bundle's step at the process (null: the process is not on the bundle's route). */
export function stepAt(detail: BundleDetail | null, processId: number | null): BundleStep | null {
  if (!detail || processId === null) return null;
  return detail.steps.find((step) => step.processId === processId) ?? null;
}

/** Open rework lots sent back to the process, and their pieces. */
export function reworkAt(detail: BundleDetail | null, processId: number | null): { lots: OpenRework[]; total: number } {
  const lots = detail && processId !== null ? detail.rework.filter((lot) => lot.reworkProcessId === processId && lot.quantity > 0) : [];
  return { lots, total: lots.reduce((sum, lot) => sum + lot.quantity, 0) };
}

/** Good pieces the bundle still has: cut − rejected. */
export const goodPieces = (detail: BundleDetail): number => Math.max(0, detail.quantity - detail.rejected);

/**
 * What the station does with the bundle at its process: `inspect` at a QC process; `rework` when
 * only rework lots wait here; `scan` otherwise (also when nothing is open: the server then says
 * who recorded it, or that it has not reached the process).
 */
export type BundleMode = 'scan' | 'inspect' | 'rework';

export function bundleModeAt(detail: BundleDetail | null, processId: number | null, qcProcessIds: readonly number[] = []): BundleMode {
  const step = stepAt(detail, processId);
  if (step?.qc || (processId !== null && qcProcessIds.includes(processId))) return 'inspect';
  if (step && step.open === 0 && reworkAt(detail, processId).total > 0) return 'rework';
  return 'scan';
}

/** The quantity the pad starts with: every piece open (scan), every piece at rework here (rework). */
export function bundleStartQuantity(detail: BundleDetail | null, processId: number | null, mode: BundleMode): number {
  if (mode === 'rework') return reworkAt(detail, processId).total;
  return stepAt(detail, processId)?.open ?? 0;
}

/** A typed quantity kept within 0 … the pieces available (a partial bundle may only be lowered). */
export function clampBundleQuantity(value: number, available: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(Math.max(0, available), Math.max(0, Math.trunc(value)));
}

/** Fewer than all open pieces: the rest stay open at the process. */
export const isPartial = (quantity: number, available: number): boolean => quantity > 0 && quantity < available;

/** The pad's numbers for a bundle: the available pieces are the remaining, the ready and the limit. */
export function bundleNumbers(available: number | null): RemainingNumbers | null {
  return available === null ? null : { remaining: available, tolerance: 0, ready: available, limit: available, cell: false };
}

/**
 * The floor's fast path: one scan records the whole bundle, no key pressed. Only when it is on,
 * the station has a process chosen, the process is a plain one (not QC, no rework waiting here),
 * and every good piece of the bundle is open there (a bundle recorded partly before waits for
 * the worker to confirm what is left).
 */
export function shouldAutoRecord(detail: BundleDetail | null, processId: number | null, auto: boolean, qcProcessIds: readonly number[] = []): boolean {
  if (!auto || !detail || processId === null) return false;
  if (bundleModeAt(detail, processId, qcProcessIds) !== 'scan') return false;
  const step = stepAt(detail, processId);
  if (!step || step.open <= 0) return false;
  if (reworkAt(detail, processId).total > 0) return false;
  return step.open === goodPieces(detail) - detail.atRework;
}

const AUTO_KEY = 'stitchboard.scan.bundleAutoRecord';

/** The "auto record full bundle" toggle of this device: on unless turned off here. */
export function getAutoRecord(): boolean {
  try {
    return window.localStorage.getItem(AUTO_KEY) !== '0';
  } catch {
    return true;
  }
}

export function storeAutoRecord(on: boolean): void {
  try {
    window.localStorage.setItem(AUTO_KEY, on ? '1' : '0');
  } catch {
    // A convenience: the default (on) applies after a reload.
  }
}

// ——— QC inspection ———

export interface DefectRow {
  /** Local key for React and focus. */
  key: number;
  defectTypeId: number | null;
  quantity: number;
  disposition: DefectDisposition;
  reworkProcessId: number | null;
}

export interface InspectionErrors {
  /** passed + Σ defects > open. */
  total?: 'tooMany';
  /** Nothing to record: passed and every defect are 0. */
  empty?: boolean;
  /** Per row (by key): what is missing. */
  rows: Record<number, ('type' | 'quantity' | 'reworkProcess')[]>;
}

export const inspectedTotal = (passed: number, rows: readonly DefectRow[]): number => passed + rows.reduce((sum, row) => sum + row.quantity, 0);

export function validateInspection(open: number, passed: number, rows: readonly DefectRow[]): InspectionErrors {
  const errors: InspectionErrors = { rows: {} };
  const total = inspectedTotal(passed, rows);
  if (total > open) errors.total = 'tooMany';
  if (total <= 0) errors.empty = true;
  for (const row of rows) {
    const missing: ('type' | 'quantity' | 'reworkProcess')[] = [];
    if (row.defectTypeId === null) missing.push('type');
    if (!(row.quantity > 0)) missing.push('quantity');
    if (row.disposition === 'rework' && row.reworkProcessId === null) missing.push('reworkProcess');
    if (missing.length) errors.rows[row.key] = missing;
  }
  return errors;
}

export const inspectionValid = (errors: InspectionErrors): boolean => !errors.total && !errors.empty && Object.keys(errors.rows).length === 0;

/**
 * Where a defect may be sent for rework: the bundle's processes before the QC process, after the
 * first (cutting: the lay made the bundle there, nothing to redo at the station).
 */
export function reworkChoices(detail: BundleDetail | null, qcProcessId: number | null): { id: number; name: string }[] {
  if (!detail || qcProcessId === null) return [];
  const at = detail.steps.findIndex((step) => step.processId === qcProcessId);
  if (at <= 0) return [];
  return detail.steps.slice(1, at).map((step) => ({ id: step.processId, name: step.processName }));
}

/**
 * Passed pieces after the defects change: what is left of the open pieces (the inspector sees
 * passed + defects = open unless they lower it).
 */
export const passedAfterDefects = (open: number, rows: readonly DefectRow[]): number => Math.max(0, open - rows.reduce((sum, row) => sum + row.quantity, 0));
