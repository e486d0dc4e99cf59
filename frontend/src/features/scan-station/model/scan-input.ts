// What a scanned or typed code means to the station: decodeTicket reads it (a job ticket
// `SB1|orderNo|processCode`, or a bare order number), and a ticket's process code is resolved
// against the process flow and the worker's own processes.
import { decodeTicket, MAX_SCAN_QUANTITY } from '@contracts/production';

export interface ProcessRef {
  id: number;
  code: string;
  name: string;
}

export type ScanReading =
  | { ok: true; orderNo: string; process: ProcessRef | null }
  | { ok: false; reason: 'empty' }
  | { ok: false; reason: 'unreadable'; text: string }
  | { ok: false; reason: 'unknownProcess'; orderNo: string; processCode: string }
  | { ok: false; reason: 'processNotAllowed'; orderNo: string; process: ProcessRef };

/** Codes longer than this are not ours (a URL, a paragraph pasted by mistake). */
export const MAX_CODE_LENGTH = 120;

/**
 * Reads one code. `processes` is the process flow (to resolve a ticket's process code),
 * `executable` the ids the worker may scan at.
 */
export function readScan(text: string, processes: readonly ProcessRef[], executable: readonly number[]): ScanReading {
  // Scanners may add control characters (CR, GS) around the payload.
  // eslint-disable-next-line no-control-regex
  const cleaned = text.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (!cleaned) return { ok: false, reason: 'empty' };
  if (cleaned.length > MAX_CODE_LENGTH) return { ok: false, reason: 'unreadable', text: cleaned.slice(0, 40) };
  const ticket = decodeTicket(cleaned);
  if (!ticket || /\s/.test(ticket.orderNo)) return { ok: false, reason: 'unreadable', text: cleaned };
  if (!ticket.processCode) return { ok: true, orderNo: ticket.orderNo, process: null };
  const code = ticket.processCode.toLowerCase();
  const process = processes.find((candidate) => candidate.code.toLowerCase() === code);
  if (!process) return { ok: false, reason: 'unknownProcess', orderNo: ticket.orderNo, processCode: ticket.processCode };
  if (!executable.includes(process.id)) return { ok: false, reason: 'processNotAllowed', orderNo: ticket.orderNo, process };
  return { ok: true, orderNo: ticket.orderNo, process };
}

/** The processList cookie: `;`-separated ids (commas accepted too). */
export function parseProcessList(value: string): number[] {
  return value
    .split(/[;,]/)
    .map((part) => Number(part.trim()))
    .filter((id) => Number.isInteger(id) && id > 0);
}

/** Quantity after a +/− button: never below 0 nor above the largest scan. */
export function clampQuantity(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(MAX_SCAN_QUANTITY, Math.max(0, Math.trunc(value)));
}
