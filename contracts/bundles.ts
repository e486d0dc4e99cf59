import type { ScanResult } from './production.js';

// Cut bundles (菲号), bundle tickets, bundle scanning, QC defects and rework, work in progress
// (PRODUCT.md §4 "Cut bundles"). Shared by the backend (DTOs implement these) and the frontend.
//
// The flow of one bundle's pieces through the route:
// - A lay at the order's cutting process is cut into bundles of one colour × size. Saving the lay
//   records the cutting scan of every bundle (credited to the lay's cutter), so the cut quantity
//   per colour × size comes from bundles and the cutting counters move like any scan.
// - At every later process a bundle is scanned once: the scan records the pieces still open at
//   that process (all of them, or fewer for a partial bundle; the rest stay open) for the worker.
//   A bundle scanned again with nothing open answers `bundleAlreadyRecorded`, naming who and when.
// - Pieces open at process P = good pieces of the previous process − pieces recorded at P −
//   pieces P's inspection sent to rework and not yet back − pieces P's inspection rejected.
//   At the cutting process the bundle's quantity is its cut quantity.
// - At a QC process the inspector records, of the pieces open, how many passed (a scan at the QC
//   process) and the defects (type, quantity, rework to an earlier process of the route, or
//   reject). Reworked pieces are scanned at the rework process as a rework scan (paid at the
//   process's rework rate, not moving its progress) and are then open at the QC process again.
//   Rejected pieces leave the bundle: everything downstream counts good pieces only.

/** What a bundle ticket's QR code holds: `SB1B|<bundle code>` (a job ticket's is `SB1|…`). */
export const BUNDLE_TICKET_PREFIX = 'SB1B';

/** `PO202611-0001` + bundle 7 → `PO202611-0001-007` (at least three digits). */
export function bundleCodeOf(orderNo: string, bundleNo: number): string {
  return `${orderNo}-${String(bundleNo).padStart(3, '0')}`;
}

export function encodeBundleTicket(code: string): string {
  return `${BUNDLE_TICKET_PREFIX}|${code}`;
}

/** The bundle code of scanned text: a bundle ticket's QR, else null (an order number or job ticket). */
export function decodeBundleTicket(text: string): string | null {
  const parts = text.trim().split('|');
  return parts[0] === BUNDLE_TICKET_PREFIX && parts.length === 2 && parts[1] ? parts[1] : null;
}

export const MAX_BUNDLE_SIZE = 500;
export const MAX_BUNDLES_PER_LAY = 2_000;

// ——— lays and bundles: /api/admin/cutting/* (permission Cutting) ———

/**
 * A lay's sizes: either the marker's ratio per size times the plies (`ratio`: pieces per ply),
 * or the quantities per size directly (`quantity`). Exactly one of the two per size row.
 */
export interface LaySizeInput {
  sizeId: number;
  ratio?: number;
  quantity?: number;
}

/**
 * POST /api/admin/cutting/lay (create) and PUT /api/admin/cutting/lay/:id (edit, with
 * `version`). The colour and sizes must be on the order's grid. Pieces per size = ratio × plies,
 * or the quantity given; each size is cut into bundles of `bundleSize`, the last one holding the
 * remainder. Bundles are numbered per order in the order they are made (1, 2, 3 …, continuing
 * after the order's earlier lays). Edit and delete are refused (`layBundlesScanned`) once any of
 * its bundles has a scan past cutting; otherwise the lay's cutting scans are taken back with
 * correcting entries and its bundles made anew (new numbers).
 */
export interface LayInput {
  orderId: number;
  colorId: number;
  /** Plies spread (1–1000); with `ratio` sizes it multiplies the ratio. */
  plies: number;
  sizes: LaySizeInput[];
  /** Pieces per bundle (1–MAX_BUNDLE_SIZE). */
  bundleSize: number;
  /** The cutter the cutting scans are credited to (default: the caller). */
  cutterId?: number;
  note?: string;
  /** On edit: the version read, for optimistic locking (409 staleVersion). */
  version?: number;
}

export interface LayRecord {
  id: number;
  orderId: number;
  /** 1, 2, 3 … per order. */
  layNo: number;
  colorId: number;
  colorName: string;
  plies: number;
  sizes: { sizeId: number; sizeName: string; ratio: number | null; quantity: number }[];
  bundleSize: number;
  cutterId: number | null;
  cutterName: string | null;
  note: string;
  /** Pieces in the lay (sum of its bundles). */
  quantity: number;
  bundleCount: number;
  /** True when a bundle has been scanned past cutting: edit and delete are refused. */
  locked: boolean;
  version: number;
  createdAt: string;
}

/** Cut against ordered per colour × size (GET /api/admin/cutting/order/:orderId). */
export interface CutCell {
  colorId: number;
  sizeId: number;
  ordered: number;
  cut: number;
  /** cut − ordered: > 0 over-cut, < 0 short. */
  difference: number;
}

export interface OrderCutting {
  orderId: number;
  orderNo: string;
  /** The route's cutting process (null: none on the route — lays are refused). */
  cuttingProcessId: number | null;
  colors: { id: number; name: string }[];
  sizes: { id: number; name: string }[];
  cells: CutCell[];
  lays: LayRecord[];
}

/** Where a bundle is: the furthest process with pieces recorded, and its last scan. */
export interface BundleRecord {
  id: number;
  code: string;
  orderId: number;
  orderNo: string;
  bundleNo: number;
  layId: number;
  layNo: number;
  styleCode: string;
  styleName: string;
  colorId: number;
  colorName: string;
  sizeId: number;
  sizeName: string;
  /** Pieces cut. */
  quantity: number;
  /** Pieces rejected (scrapped) so far. */
  rejected: number;
  /** Pieces at rework now (sent back, not yet reworked). */
  atRework: number;
  /** The latest process of the route with pieces recorded (null: not scanned yet). */
  processId: number | null;
  processName: string | null;
  /** Good pieces recorded at that process. */
  processDone: number;
  lastScanAt: string | null;
  lastWorkerName: string | null;
  /** Finished: every good piece recorded at the route's last process. */
  finished: boolean;
  /** Not moved for the configured time (ProductionSettings.bundleStuckHours) and not finished. */
  stuck: boolean;
}

/** GET /api/admin/bundle/list?orderId=&colorId=&sizeId=&processId=&stuck=&page=&size= → Page<BundleRecord>. */

/** Per process of the route, for one bundle (BundleDetail.steps). */
export interface BundleStep {
  processId: number;
  processName: string;
  qc: boolean;
  /** Good pieces recorded here. */
  done: number;
  /** Pieces open here now (see the flow above). */
  open: number;
  /** Pieces this process's inspection sent to rework, not yet back. */
  atRework: number;
  rejected: number;
}

export type BundleEventKind = 'scan' | 'rework' | 'chargeBack' | 'reversal' | 'defect';

/** One line of a bundle's trace: a scan, a rework scan, a charge-back, a correcting entry or a defect. */
export interface BundleEvent {
  kind: BundleEventKind;
  at: string;
  processId: number;
  processName: string;
  quantity: number;
  workerId: number | null;
  workerName: string | null;
  /** The client scan id (scans), or null (defects). */
  scanId: string | null;
  /** For defects. */
  defectTypeName?: string;
  disposition?: DefectDisposition;
  reworkProcessName?: string | null;
  inspectorName?: string | null;
}

/** GET /api/admin/bundle/:code (the bundle code, case-insensitive) — the trace page and the station's lookup. */
export interface BundleDetail extends BundleRecord {
  steps: BundleStep[];
  trace: BundleEvent[];
  /** Open rework lots (the station offers them at the rework process). */
  rework: OpenRework[];
}

// ——— scanning: POST /api/admin/bundle/scan, inspect, rework (any logged-in user; the process must be one they may execute) ———

/**
 * POST /api/admin/bundle/scan: records the bundle at the process for the worker. `quantity`
 * defaults to every piece open there; fewer is a partial bundle. Same exactly-once rules as
 * /scan/record (client `scanId`). Refused at a QC process (use inspect) and with
 * `bundleAlreadyRecorded` {worker, at} when nothing is open and pieces were recorded here, or
 * `bundleNotReady` {previous} when nothing has reached this process yet.
 */
export interface BundleScanInput {
  scanId: string;
  /** The bundle code or the ticket's QR text. */
  code: string;
  processId: number;
  quantity?: number;
  workerId?: number;
  deviceId?: string;
  scannedAt?: string;
}

export interface BundleScanResult {
  bundle: BundleRecord;
  /** The order-level scan it recorded (same shape as /scan/record's answer). */
  scan: ScanResult;
  /** Pieces still open at this process after this scan (> 0: a partial bundle). */
  openAfter: number;
}

export const DEFECT_DISPOSITIONS = ['rework', 'reject'] as const;
export type DefectDisposition = (typeof DEFECT_DISPOSITIONS)[number];

export interface DefectInput {
  defectTypeId: number;
  quantity: number;
  disposition: DefectDisposition;
  /** For rework: an earlier process of the route (not cutting); required then. */
  reworkProcessId?: number;
}

/**
 * POST /api/admin/bundle/inspect, at a process flagged QC: `passed` good pieces (recorded as a
 * scan at the QC process for the inspector) and the defects found. passed + Σ defects ≤ open.
 * The defect is charged to the worker who recorded the bundle at the rework process (for a
 * reject: at the process before QC): with the charge-back setting, a charge-back entry takes
 * their pay for those pieces back.
 */
export interface InspectInput {
  scanId: string;
  code: string;
  processId: number;
  passed: number;
  defects: DefectInput[];
  workerId?: number;
  deviceId?: string;
}

export interface InspectResult {
  bundle: BundleDetail;
  /** The scan of the passed pieces (null when none passed). */
  scan: ScanResult | null;
}

/** Pieces sent back to a process and not yet reworked. */
export interface OpenRework {
  defectId: number;
  qcProcessId: number;
  reworkProcessId: number;
  reworkProcessName: string;
  defectTypeName: string;
  quantity: number;
  /** The worker charged with the defect (null when unknown). */
  responsibleWorkerName: string | null;
}

/**
 * POST /api/admin/bundle/rework: the reworked pieces of the bundle's open rework lots at the
 * process (`quantity` defaults to all of them). Recorded as a rework scan at the process for the
 * worker: paid at the process's rework rate (else its piece rate) — nothing when the worker is
 * the one charged with the defect — and not moving the process's progress. The pieces are open
 * at the QC process again.
 */
export interface ReworkInput {
  scanId: string;
  code: string;
  processId: number;
  quantity?: number;
  workerId?: number;
  deviceId?: string;
}

// ——— work in progress: GET /api/admin/bundle/wip?orderId= (Schedule permission) ———

export interface ProcessWip {
  processId: number;
  processName: string;
  /** Bundles with pieces open at this process (cut, reached it, not yet recorded). */
  bundles: number;
  pieces: number;
  /** Of those, bundles not moved for ProductionSettings.bundleStuckHours. */
  stuck: number;
}

/** Per order and process (the schedule's WIP column; the boards' optional column). */
export interface OrderProcessWip extends ProcessWip {
  orderId: number;
}

export interface WipSummary {
  processes: ProcessWip[];
  orders: OrderProcessWip[];
  stuckHours: number;
}

// ——— bundle tickets: GET /api/admin/cutting/tickets?layId= | orderId= ———

export interface BundleTicket {
  code: string;
  qr: string;
  orderNo: string;
  styleCode: string;
  styleName: string;
  colorName: string;
  sizeName: string;
  quantity: number;
  bundleNo: number;
  layNo: number;
  /** The route's processes after cutting, for the tear-off coupons. */
  coupons: { processCode: string; processName: string }[];
}
