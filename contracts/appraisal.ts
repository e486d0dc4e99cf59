// Performance appraisal (route PerformanceAppraisalDetails): piece-rate pay, 计件工资.
//
// - Every scan stores the piece rate in force when it was recorded (scan.piece_rate): the rate
//   of its sub-process (step) when the scan names one, else its process's rate, else null (no
//   pay). A later rate change never rewrites recorded pay. A correcting entry carries the rate
//   of the scan it takes back, so it takes back exactly the pay that scan earned.
// - pieces are net of corrections; pay = Σ quantity × rate over the scans (two decimals,
//   rounded half away from zero per row at the end, never per scan).
// - The day is the factory's calendar day (the configured time zone) of scanned_at. A correcting
//   entry is dated when it is made: it takes the pay back on that day (a paid month stays as paid).
// - A scan naming a sub-process (ScanInput.stepId) is paid at that step's rate (the process's when
//   the step has none) and moves the process's progress like any scan: the step chooses the rate only.
// - Rows whose pieces and pay net to zero (a scan and its correcting entry) are left out.

export interface AppraisalRow {
  workerId: number;
  workerName: string;
  departmentId: number | null;
  departmentName: string | null;
  processId: number;
  processName: string;
  /** The sub-process, when the scans named one. */
  stepId: number | null;
  stepName: string | null;
  /** YYYY-MM-DD. */
  day: string;
  pieces: number;
  /** The rate of these scans; null when they were recorded at different rates (see pay). */
  pieceRate: number | null;
  pay: number;
}

export interface AppraisalTotal {
  key: number | string;
  label: string;
  pieces: number;
  pay: number;
}

/**
 * GET /api/admin/statistics/appraisal — query: from, to (YYYY-MM-DD, inclusive, ≤ 92 days; default
 * the current month), workerId, departmentId (the worker's current department), processId, page,
 * pageSize (≤ 500, default 50). /appraisal/export: the same filter, every row, as xlsx.
 * byWorker is ordered by pay (highest first), byProcess by the process's sort order, byDay by day.
 */
export interface AppraisalReport {
  rows: AppraisalRow[];
  total: number;
  page: number;
  pageSize: number;
  totals: { pieces: number; pay: number };
  byWorker: AppraisalTotal[];
  byProcess: AppraisalTotal[];
  byDay: AppraisalTotal[];
}

/** One line of the month's payroll: what is handed to payroll. */
export interface PayrollLine {
  workerId: number;
  workerName: string;
  username: string;
  departmentName: string | null;
  pieces: number;
  pay: number;
}

/**
 * GET /api/admin/statistics/payroll?month=YYYY-MM (&departmentId) — every worker with scans that
 * month; /payroll/export gives the same as xlsx (one sheet, a total row).
 */
export interface PayrollReport {
  month: string;
  lines: PayrollLine[];
  totals: { pieces: number; pay: number };
}

/**
 * GET /api/admin/scan/worker-today?workerId= — what the station shows the worker: their pieces
 * and pay today, per process. Any user with the Scan route may ask for a worker they may credit.
 */
export interface WorkerToday {
  workerId: number;
  workerName: string;
  day: string;
  pieces: number;
  pay: number;
  byProcess: { processId: number; processName: string; pieces: number; pay: number }[];
}

/**
 * GET /api/admin/scan/worker?badge=… — a worker badge read at a shared station. The badge QR
 * holds `SBW1:<badgeCode>`; badge codes are random per user (app_user.badge_code), printable
 * from the user list, and can be renewed (the old badge stops working).
 * GET /api/admin/scan/workers?processId= — the workers who may execute a process (the pick list).
 */
export const BADGE_PREFIX = 'SBW1';
export interface StationWorker {
  id: number;
  name: string;
  username: string;
  departmentName: string | null;
  processIds: number[];
}
