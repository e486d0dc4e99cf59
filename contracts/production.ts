import type { DashboardSettings } from './api.js';
import type { ProgressRecorded } from './events.js';
import type { OrderMetrics } from './order-metrics.js';

// Progress on the floor: scans, the schedule, boards and the console (PRODUCT.md §4 "Progress",
// §5, §6). Shared by the backend (DTOs implement these) and the frontend (fetchers return them).

/** Status of one order at one process (and, summarised, of the order). */
export const STEP_STATUSES = ['notStarted', 'partial', 'done', 'delayed'] as const;
export type StepStatus = (typeof STEP_STATUSES)[number];

/** A client-generated scan id: 8–64 characters of letters, digits, `-` and `_` (a UUID fits). */
export const SCAN_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
export const MAX_SCAN_QUANTITY = 100_000;

// ——— scans: POST /api/admin/scan/record | reverse, GET /api/admin/scan/list ———

/**
 * POST /api/admin/scan/record (any logged-in user; the process must be one the user may
 * execute). Form, JSON or multipart. Sending the same `scanId` again answers exactly as the
 * first time (HTTP 200, header `Idempotent-Replayed: true`) and counts nothing; the same id with
 * a different payload is refused (409 scanIdReused).
 */
export interface ScanInput {
  scanId: string;
  /** The production order, by id or by number (a scanned ticket carries the number). */
  orderId?: number;
  orderNo?: string;
  processId: number;
  quantity: number;
  colorId?: number;
  sizeId?: number;
  /** The user the pieces are credited to; defaults to the caller. */
  workerId?: number;
  /** Free text naming the station (phone, PC) — for the history. */
  deviceId?: string;
  /** When the device recorded the scan (ISO); for scans queued offline. Defaults to now. */
  scannedAt?: string;
  /**
   * The sub-process (process_step id of this process) the pieces were done at: the scan is paid
   * at that step's rate (else the process's). It moves the process's progress like any scan.
   */
  stepId?: number;
}

/** POST /api/admin/scan/reverse: a correcting entry that takes one scan back. */
export interface ScanReverseInput {
  /** A new client-generated id for the correcting entry (same exactly-once rules). */
  scanId: string;
  /** The id (client scan id) of the scan to take back. A scan is taken back at most once. */
  reversesScanId: string;
  deviceId?: string;
  note?: string;
}

/** One entry of an order's scan history. */
export interface ScanRecord {
  id: number;
  scanId: string;
  orderId: number;
  orderNo: string;
  processId: number;
  processName: string;
  /** Negative for a correcting entry. */
  quantity: number;
  colorId: number | null;
  colorName: string | null;
  sizeId: number | null;
  sizeName: string | null;
  workerId: number | null;
  workerName: string | null;
  deviceId: string;
  /** Client scan id of the scan this one takes back. */
  reversesScanId: string | null;
  /** True once a correcting entry took this scan back. */
  reversed: boolean;
  note: string;
  /** The order was not reviewed or had no document when scanned. */
  flagged: boolean;
  scannedAt: string;
  recordedAt: string;
  recordedBy: string;
  /** The sub-process the scan named, if any. */
  stepId: number | null;
  stepName: string | null;
  /** The piece rate in force when recorded (contracts/appraisal.ts); null = no pay. */
  pieceRate: number | null;
  /**
   * Whether the scan moved the process's progress: true for a scan naming no sub-process (the
   * whole process) or the process's last sub-process; false for an earlier sub-process, whose
   * pieces are paid but pass the process only at its last step (see ScanLookupSubProcess).
   * Optional: answers stored before sub-process progress existed lack it (they all counted).
   */
  countsProgress?: boolean;
  /** The cut bundle recorded (contracts/bundles.ts); absent or null for an order-level scan. */
  bundleId?: number | null;
  /** 'rework' (reworked pieces) or 'chargeBack' (pay taken back for a defect); absent: a normal scan. */
  kind?: ScanKind;
}

/** A scan's kind (scan.kind): see contracts/bundles.ts for rework and charge-back. */
export const SCAN_KINDS = ['normal', 'rework', 'chargeBack'] as const;
export type ScanKind = (typeof SCAN_KINDS)[number];

/** Progress of one order at one process. */
export interface StepProgress {
  processId: number;
  sequence: number;
  dueDate: string;
  planned: number;
  done: number;
  status: StepStatus;
  firstScanAt: string | null;
  lastScanAt: string | null;
}

/** What a scan (or reversal) answers. A replayed scan id answers the same body again. */
export interface ScanResult {
  scan: ScanRecord;
  step: StepProgress;
  order: { id: number; orderNo: string; completed: boolean; finishRate: number };
  /** Why the scan is flagged (messages of the original: not reviewed, document not uploaded). */
  warnings: string[];
}

/**
 * GET /api/admin/scan/lookup?orderNo=…|orderId=…&processId=… — what the scan station shows
 * before the quantity is entered: the order with its progress, and the room left at the process.
 */
export interface ScanLookup {
  row: ProgressRow;
  columns: ProgressColumn[];
  processId: number | null;
  /**
   * Pieces still to do at the process: planned − done, never below 0, tolerance NOT included
   * (when processId is given). "Remaining" means this number everywhere.
   */
  remaining: number | null;
  /** Colours and sizes of the order's grid, for scans of one colour/size. */
  colors: { id: number; name: string }[];
  sizes: { id: number; name: string }[];
  /** Why a scan would be flagged (not reviewed, no document) — translated. */
  warnings: string[];
  /**
   * The over-production tolerance the process may still use beyond the plan ("may exceed by N"):
   * planned + tolerance − max(planned, done). Shown apart from `remaining`, never added to it.
   */
  tolerance?: number | null;
  /**
   * What "all remaining" records now: `remaining`, capped by what the rules let in at this moment
   * (with scan in order, what the previous process has done; warehouse-out, what entered the
   * warehouse). Never includes the tolerance.
   */
  ready?: number | null;
  /** The most one scan may add now (remaining + tolerance under the same caps): the server refuses more. */
  limit?: number | null;
  /** The same numbers per colour × size cell of the grid at the process (scans of one cell). */
  cells?: ScanLookupCell[];
  /**
   * The process's sub-processes in sequence (empty when it has none), with this order's pieces at
   * each. A scan names one (or none: the whole process). Only the last one moves the process's
   * progress; an earlier one is paid at its rate and has its own limit — the plan plus tolerance,
   * and with "scan in order" what the previous process has done.
   */
  subProcesses?: ScanLookupSubProcess[];
}

/** One sub-process of the looked-up process (ScanLookup.subProcesses). */
export interface ScanLookupSubProcess {
  id: number;
  sequence: number;
  name: string;
  /** Its own rate, else the process's (null: no pay). */
  pieceRate: number | null;
  /** The process's last sub-process: its scans move the process's progress. */
  last: boolean;
  /** Net pieces the order has recorded at this sub-process. */
  done: number;
  /** planned − done, never below 0. */
  remaining: number;
  /** The most one scan naming it may add now (the last one: the process's own limit). */
  limit: number;
}

/** One colour × size cell of an order at the looked-up process (ScanLookup.cells). */
export interface ScanLookupCell {
  colorId: number;
  sizeId: number;
  planned: number;
  done: number;
  /** planned − done, never below 0. */
  remaining: number;
  /** What the cell may still take beyond its plan. */
  tolerance: number;
  /** `remaining`, capped by the process's own `ready` (the step rules apply to a cell scan too). */
  ready: number;
  /** The most a scan of this cell may add now (the server refuses more). */
  limit: number;
}

// ——— the schedule: GET /api/admin/schedule/list | detail, route Schedule ———

/** One order with its progress at every process of its route (schedule rows and board rows). */
export interface ProgressRow {
  id: number;
  orderNo: string;
  customerLabel: string;
  goodsCode: string;
  productName: string;
  goodsImage: string | null;
  orderDate: string;
  deliveryDate: string;
  totalQuantity: number;
  reviewed: boolean;
  hasDocument: boolean;
  flagged: boolean;
  completed: boolean;
  completedAt: string | null;
  /** 0–100: done ÷ planned summed over the route's steps (a step counts at most its plan). */
  finishRate: number;
  /** Days late (contracts/order-metrics daysLate): past delivery of an order not completed, else 0. */
  delayDays: number;
  /** 'delayed' exactly when delayDays > 0 (a late step shows in its own cell). */
  status: StepStatus;
  /** When the order last changed on the server (recording time): orders live updates, not shown. */
  lastActivityAt: string;
  /** The latest scan at any process (the scan's own time), null before the first: "last activity" on boards. */
  lastScanAt: string | null;
  /** Progress per process id of the route. */
  steps: Record<string, StepProgress>;
}

/** Counts and rates over a set of rows (schedule filters, boards): contracts/order-metrics.ts. */
export type ProgressTotals = OrderMetrics;

/** A process as a column of the schedule and the boards (the process flow, in sort order). */
export interface ProgressColumn {
  id: number;
  code: string;
  name: string;
  /** The process's name on boards ('' or missing: boards abbreviate the name themselves). */
  shortName?: string;
  endProcess: boolean;
  warehouseIn: boolean;
  warehouseOut: boolean;
}

/**
 * GET /api/admin/schedule/list?page&pageSize&keyword&customer&status&deliveryFrom&deliveryTo
 * &includeCompleted&sortField&sortOrder — shown orders.
 */
export interface ScheduleList {
  columns: ProgressColumn[];
  rows: ProgressRow[];
  total: number;
  totals: ProgressTotals;
}

/** GET /api/admin/schedule/detail?id — one order's progress and its scan history (newest first). */
export interface ScheduleDetail {
  columns: ProgressColumn[];
  row: ProgressRow;
  scans: ScanRecord[];
}

// ——— boards: GET /api/board/snapshot (token or `boardKey` header) ———

/**
 * Everything a board shows, filtered and sorted by the board settings. `headSeq` is the event
 * log head read before the rows: subscribe with `lastSeq: headSeq` to get every later change.
 */
export interface BoardSnapshot {
  columns: ProgressColumn[];
  rows: ProgressRow[];
  totals: ProgressTotals;
  headSeq: number;
  generatedAt: string;
  companyName: string;
  /** The board settings the rows were chosen and sorted by (boards read nothing else). */
  settings: DashboardSettings;
  /** The system title per language and the company logo (an upload id), from the system settings. */
  systemTitles?: { 'zh-CN': string; en: string };
  logo?: string | null;
  /** Only for a paired TV (device key): which device it is and the profile it shows (null = default). */
  device?: { id: number; name: string; profileId: number | null; profileName: string | null };
}

// ——— the console: GET /api/admin/statistics/console, route Home ———

/** One order in a list of the console (late orders, due this week). */
export interface ConsoleOrder {
  id: number;
  orderNo: string;
  customerLabel: string;
  productName: string;
  deliveryDate: string;
  finishRate: number;
  /** Days late (0 for orders not late). */
  delayDays: number;
}

export interface ConsoleKpis {
  inProduction: number;
  dueThisWeek: number;
  /** Delayed orders (past delivery, not completed): metrics.delayed. */
  delayed: number;
  completedThisMonth: number;
  /** 0–100 over orders in production (metrics.finishRate). */
  finishRate: number;
  /** 0–100 over orders in production (metrics.delayRate). */
  delayRate: number;
  /** Every number above with its population ('inProduction'), from the contract. */
  metrics: OrderMetrics;
  /** The most late first (at most CONSOLE_LIST_SIZE). */
  lateOrders: ConsoleOrder[];
  /** Due today through the next six days, earliest first (at most CONSOLE_LIST_SIZE). */
  dueThisWeekOrders: ConsoleOrder[];
  /** Pieces scanned today (net of reversals) per process of the flow. */
  todayByProcess: { processId: number; name: string; quantity: number }[];
  /** Pieces scanned per day over the last 14 days (all processes), oldest first. */
  daily: { date: string; quantity: number }[];
  /** Orders per status among orders in production. */
  byStatus: Record<StepStatus, number>;
  /** The server's calendar day the numbers were counted on (YYYY-MM-DD): links use it for "this week". */
  today: string;
  generatedAt: string;
}

// ——— production rules: GET/POST /api/admin/setting/getProductionSetting | updateProductionSetting ———

export interface ProductionSettings {
  /** A process may not get more pieces than the previous process of the route has done. */
  scanInOrder: boolean;
  /** Over-production allowed above the planned quantity, in percent (0–100). */
  overProductionPercent: number;
  /** Refuse scans of orders not reviewed or without a document, instead of flagging them. */
  refuseFlaggedOrders: boolean;
  /**
   * A QC defect takes the pay for those pieces back from the worker charged with it (a
   * charge-back entry). Off: they keep it, and only the rework is paid (never to them).
   */
  reworkChargeBack: boolean;
  /** A bundle not moved for this many hours (1–720) is flagged as stuck. */
  bundleStuckHours: number;
}

export const DEFAULT_PRODUCTION_SETTINGS: ProductionSettings = {
  scanInOrder: true,
  overProductionPercent: 5,
  refuseFlaggedOrders: false,
  reworkChargeBack: false,
  bundleStuckHours: 24,
};

// ——— job tickets ———

/** What a job ticket's QR code holds: the order number, and a process code where useful. */
export const TICKET_PREFIX = 'SB1';

export interface TicketPayload {
  orderNo: string;
  processCode?: string;
}

/** `SB1|PO202611-0001` or `SB1|PO202611-0001|P03`. */
export function encodeTicket(payload: TicketPayload): string {
  return [TICKET_PREFIX, payload.orderNo, payload.processCode].filter(Boolean).join('|');
}

/** Reads a scanned code: a ticket, or a bare order number typed or read from a 1-D barcode. */
export function decodeTicket(text: string): TicketPayload | null {
  const value = text.trim();
  if (!value) return null;
  const parts = value.split('|');
  if (parts[0] === TICKET_PREFIX) {
    if (!parts[1]) return null;
    return parts[2] ? { orderNo: parts[1], processCode: parts[2] } : { orderNo: parts[1] };
  }
  return parts.length === 1 ? { orderNo: value } : null;
}

/** How many orders the console's lists show (the KPI card links to all of them). */
export const CONSOLE_LIST_SIZE = 8;

/** The latest scan of any step (ISO times compare as text), null before the first. */
export function lastScanOf(steps: Iterable<Pick<StepProgress, 'lastScanAt'>>): string | null {
  let latest: string | null = null;
  for (const step of steps) if (step.lastScanAt && (latest === null || step.lastScanAt > latest)) latest = step.lastScanAt;
  return latest;
}

/**
 * When an order last saw activity, for drop-down boards: its last scan (the scan's own time); an
 * order never scanned, when it was created or last changed. (The board's "last scan" column
 * shows lastScanAt alone.) The SQL twin orders the rows a board loads (progress-read.repository).
 */
export function activityAt(row: Pick<ProgressRow, 'lastScanAt' | 'lastActivityAt'>): string {
  return row.lastScanAt ?? row.lastActivityAt;
}

/** Status of a step from its numbers (the schedule, boards and scans all use this one rule). */
export function stepStatus(planned: number, done: number, dueDate: string, today: string): StepStatus {
  if (planned > 0 && done >= planned) return 'done';
  if (dueDate < today) return 'delayed';
  return done > 0 ? 'partial' : 'notStarted';
}

/**
 * A pushed scan applied to an order's row: the step takes the event's numbers, the row the
 * order's summary. Events carry absolute numbers, so applying one twice is harmless; a screen
 * that already holds newer numbers for the step or the order leaves that part out. Boards, the
 * schedule and the reconnect test all use this one function.
 */
export function applyProgressToRow(row: ProgressRow, event: ProgressRecorded, parts: { step: boolean; order: boolean } = { step: true, order: true }): ProgressRow {
  if (!parts.step && !parts.order) return row;
  const next: ProgressRow = { ...row };
  if (parts.step) {
    next.steps = { ...row.steps, [String(event.processId)]: event.step };
    next.lastScanAt = lastScanOf(Object.values(next.steps));
  }
  if (parts.order) {
    next.finishRate = event.order.finishRate;
    next.completed = event.order.completed;
    next.completedAt = event.order.completedAt;
    next.status = event.order.status;
    next.delayDays = event.order.delayDays;
    next.lastActivityAt = event.order.lastActivityAt;
  }
  return next;
}
