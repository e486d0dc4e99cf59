// How a board reads its state: live / reconnecting / stale, the colour of a process cell, the
// local calendar day. Pure functions, tested with the model.
import { stepStatus, type StepProgress } from '@contracts/production';
import type { ConnectionState } from '../../../lib/socket';

/** A board disconnected for longer than this shows its numbers as stale (dimmed, with the time). */
export const STALE_AFTER_MS = 5_000;
/** How long a changed row or cell stays highlighted. */
export const FLASH_MS = 1_500;

export type Liveness = 'live' | 'reconnecting' | 'stale';

export interface BoardLiveness {
  kind: Liveness;
  /** When the data stopped being live (ms since epoch), for "stale since HH:mm:ss". */
  since: number | null;
}

/**
 * Live while connected; reconnecting for the first few seconds of a loss (a blip is normal);
 * stale after that, or at once when the connection is refused or closed for good. `loadedAt`
 * stands in for the loss time of a board that never connected.
 */
export function boardLiveness(
  connection: Pick<ConnectionState, 'status' | 'staleSince'>,
  now: number,
  loadedAt: number | null = null,
  staleAfterMs = STALE_AFTER_MS,
): BoardLiveness {
  if (connection.status === 'connected') return { kind: 'live', since: null };
  const since = connection.staleSince ?? loadedAt;
  if (connection.status === 'disconnected') return { kind: 'stale', since };
  if (since !== null && now - since >= staleAfterMs) return { kind: 'stale', since };
  return { kind: 'reconnecting', since };
}

/** The cell colours: grey not started, blue partial, amber at risk, green done, red delayed. */
export type CellTone = 'none' | 'notStarted' | 'partial' | 'atRisk' | 'done' | 'delayed';

/** YYYY-MM-DD of the local calendar day. */
export function localDay(at: Date = new Date()): string {
  const y = at.getFullYear();
  const m = String(at.getMonth() + 1).padStart(2, '0');
  const d = String(at.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** The local day after `day` (YYYY-MM-DD). */
export function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return localDay(new Date(y, m - 1, d + 1));
}

/** Milliseconds from `now` to the next local midnight. */
export function msUntilMidnight(now: Date = new Date()): number {
  const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return midnight.getTime() - now.getTime();
}

/**
 * The tone of one order at one process. The status follows the shared rule (so a step turns red
 * at midnight without waiting for the server); an unfinished step due today or tomorrow is amber.
 */
export function stepTone(step: StepProgress | undefined, today: string): CellTone {
  if (!step) return 'none';
  const status = stepStatus(step.planned, step.done, step.dueDate, today);
  if (status === 'done' || status === 'delayed') return status;
  if (step.dueDate && step.dueDate <= nextDay(today)) return 'atRisk';
  return status;
}

/** 0–100 of a step (at most 100; a step with no plan shows 0). */
export function stepPercent(step: StepProgress | undefined): number {
  if (!step || step.planned <= 0) return 0;
  return Math.min(100, Math.round((step.done / step.planned) * 100));
}

/** Finish-rate text: one decimal only when there is one ("87.5%", "100%"). */
export function percentText(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return `${Number.isInteger(rounded) ? rounded.toFixed(0) : rounded.toFixed(1)}%`;
}

/** Tone of an order's finish rate: done green, delayed red, else by how far along it is. */
export function rowTone(row: { completed: boolean; status: string; delayDays: number }): CellTone {
  if (row.completed) return 'done';
  if (row.status === 'delayed' || row.delayDays > 0) return 'delayed';
  if (row.status === 'partial') return 'partial';
  return 'notStarted';
}
