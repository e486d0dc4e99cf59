import { Injectable } from '@nestjs/common';
import { ROOMS } from '../../../contracts/events.js';
import type { ProductionSettings, ScanInput, ScanKind, ScanRecord, ScanResult } from '../../../contracts/production.js';
import { DomainException } from '../common/errors/domain.exception.js';
import type { AuthenticatedUser } from '../common/http/route-access.decorators.js';
import type { PendingEvent } from '../events/event-store.js';
import { UnitOfWork, type Transaction } from '../events/unit-of-work.service.js';
import { delayDaysOf, finishRateOf, localDay, orderStatusOf, toStepProgress } from '../progress/progress-math.js';
import { stageTotalsOf } from '../progress/stage-totals.js';
import { productionSettingsOf, SettingService } from '../setting/setting.service.js';
import type { RecordScanDto, ReverseScanDto } from './scan.dto.js';
import { ScanRepository, type CellState, type LockedOrder, type NewScan, type RouteStepState, type ScanFingerprint, type StoredScan } from './scan.repository.js';
import { allowedTotal, checkReversal, checkScan, completionOf } from './scan.rules.js';

/** How far back a queued offline scan may be dated. */
export const MAX_SCAN_AGE_DAYS = 30;
/** Device clocks drift: a scan may be dated this far ahead of the server. */
const CLOCK_SKEW_MS = 5 * 60_000;

/** The answer to a scan request; `replayed` when the scan id had been recorded before. */
export interface ScanOutcome {
  result: ScanResult;
  replayed: boolean;
}

const UNIQUE_VIOLATION = '23505';

/**
 * Whether a scan's write is its transaction's last: a scan request's own transaction may then
 * send COMMIT right behind it (Transaction.lastWrite); a caller's transaction (a bundle scan,
 * a lay's correcting entries) has more to write.
 */
type WritePosition = typeof LAST_IN_TRANSACTION | typeof MORE_TO_COME;
const LAST_IN_TRANSACTION = 'last';
const MORE_TO_COME = 'moreToCome';

/**
 * What a bundle scan adds to an order-level scan (contracts/bundles.ts). The bundle service has
 * locked the order and checked the bundle's own rules before calling recordWithin.
 */
export interface ScanExtras {
  bundleId?: number;
  /** 'rework' and 'chargeBack' leave the process's progress alone and skip its progress rules. */
  kind?: ScanKind;
  /** The rate paid per piece instead of the process's (rework rate; a charge-back's original rate). */
  pieceRate?: number | null;
  /**
   * The caller already decided who may be credited or charged (a charge-back names the worker
   * charged with a defect, who need not be allowed the process any more, nor be the caller).
   */
  skipPermissionChecks?: boolean;
}

/** The original scan a correcting entry takes back, as a reversal check sees it. */
export interface ReversalOriginal {
  id: number;
  orderId: number;
  processId: number;
  quantity: number;
  bundleId: number | null;
  kind: ScanKind;
}

/**
 * A rule another module adds to correcting entries, run in the entry's transaction after the
 * order's lock (the bundle module refuses taking back a bundle scan a later process built on).
 */
export type ReversalCheck = (tx: Transaction, original: ReversalOriginal) => Promise<void>;

/**
 * Scans and correcting entries. Exactly once: a scan's client id is unique in the database; a
 * repeated id answers the stored result of the first request and counts nothing. Counters move
 * in the scan's transaction under the order's row lock, so concurrent scans never lose updates.
 */
@Injectable()
export class ScanService {
  private readonly reversalChecks: ReversalCheck[] = [];

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly scans: ScanRepository,
    private readonly settings: SettingService,
  ) {}

  /** Adds a rule every correcting entry must pass (see ReversalCheck). */
  addReversalCheck(check: ReversalCheck): void {
    this.reversalChecks.push(check);
  }

  async record(input: RecordScanDto, user: AuthenticatedUser): Promise<ScanOutcome> {
    return this.run((tx) => this.recordIn(tx, input, user, {}, LAST_IN_TRANSACTION));
  }

  /**
   * A scan inside the caller's transaction (the bundle module writes its bundle scans, rework
   * and charge-backs this way, together with its own rows). Same rules and answer as record.
   */
  async recordWithin(tx: Transaction, input: ScanInput, user: AuthenticatedUser, extras: ScanExtras = {}): Promise<ScanOutcome> {
    return this.recordIn(tx, input, user, extras, MORE_TO_COME);
  }

  private async recordIn(tx: Transaction, input: ScanInput, user: AuthenticatedUser, extras: ScanExtras, position: WritePosition): Promise<ScanOutcome> {
    const scannedAt = scanTimeOf(input.scannedAt);
    const workerId = input.workerId ?? user.id;
    const kind: ScanKind = extras.kind ?? 'normal';
    const fingerprintOf = (orderId: number): ScanFingerprint => ({
      orderId,
      processId: input.processId,
      quantity: input.quantity,
      colorId: input.colorId ?? null,
      sizeId: input.sizeId ?? null,
      workerId,
      reversesId: null,
      stepId: input.stepId ?? null,
      bundleId: extras.bundleId ?? null,
      kind,
    });
    if ((input.colorId === undefined) !== (input.sizeId === undefined)) throw new DomainException('selectColorAndSize', {}, { field: 'colorId' });

    // A scan is 5 statements (was 11–13): START TRANSACTION, this one — the earlier answer to
    // this scan id, the order locked, the settings, the worker (ScanRepository.open) —, the
    // route, one write with the event, COMMIT (and one more when the scan names a sub-process:
    // its rate and, at an earlier step, its pieces so far). On a pipelining connection they are 2
    // round trips: BEGIN, open and route go out together (PostgreSQL runs the route read after
    // the lock is granted, in a snapshot of its own, so it sees the scans the lock waited for),
    // then the write with COMMIT behind it.
    const withCell = input.colorId !== undefined && input.sizeId !== undefined;
    const opening = this.scans.open(tx.manager, { scanId: input.scanId, orderId: input.orderId, orderNo: input.orderNo, workerId });
    const routeSentEarly = tx.pipelined && input.orderId !== undefined ? this.routeOf(tx, input.orderId, input) : null;
    // Unused when open answers a replay or a refusal; its failure then is that answer's business.
    routeSentEarly?.catch(() => undefined);
    const opened = await opening;
    const replay = this.replayOf(opened.stored, (stored) => fingerprintOf(stored.orderId), input.orderId, input.orderNo);
    if (replay) return replay;

    if (opened.orderId === null) throw new DomainException('orderNotFound', { orderNo: input.orderNo ?? '' }, { field: 'orderNo' });
    const order = opened.order;
    if (!order) throw new DomainException('orderNotFound', { orderNo: input.orderNo ?? String(opened.orderId) }, { field: 'orderId' });
    // The route (and the cell of a colour × size scan) in a statement of its own: read after the lock.
    const { route, cell } = await (routeSentEarly ?? this.routeOf(tx, order.id, input));
    const step = route.find((candidate) => candidate.processId === input.processId);
    if (!extras.skipPermissionChecks && !user.processIds.includes(input.processId)) {
      throw new DomainException('processNotExecutable', { process: step?.processName ?? String(input.processId) }, { field: 'processId' });
    }
    if (!step) throw new DomainException('processNotOnRoute', { process: String(input.processId) }, { field: 'processId' });

    const settings = productionSettingsOf(opened.settings);
    const warnings = this.flagsOf(order, settings);

    // The rate in force now is stored with the scan: the sub-process's when named (it must be
    // one of this process's steps), else the process's. A step without a rate of its own is paid
    // at the process's rate. Only a scan naming no step (the whole process) or the last step
    // moves the process's progress; an earlier step is checked against its own pieces so far
    // under the same rules (plan + tolerance, the previous process, warehouse-in).
    let stepName: string | null = null;
    let pieceRate = extras.pieceRate !== undefined ? extras.pieceRate : step.processRate;
    // Rework and charge-backs are pay only: the pieces passed this process before.
    let countsProgress = kind === 'normal';
    let checked = { step, cellDone: cell?.done ?? 0 };
    if (input.stepId !== undefined) {
      const named = await this.scans.stepOf(tx.manager, {
        orderId: order.id,
        processId: input.processId,
        stepId: input.stepId,
        colorId: input.colorId ?? null,
        sizeId: input.sizeId ?? null,
      });
      if (!named) throw new DomainException('stepNotInProcess', { process: step.processName }, { field: 'stepId' });
      stepName = named.name;
      pieceRate = named.pieceRate ?? step.processRate;
      countsProgress = named.last;
      if (!countsProgress) checked = { step: { ...step, done: named.done }, cellDone: named.cellDone };
    }
    if (kind === 'normal') checkScan({ route, step: checked.step, quantity: input.quantity, settings });

    let colorName: string | null = null;
    let sizeName: string | null = null;
    if (withCell) {
      if (!cell) throw new DomainException('cellNotInOrder', {}, { field: 'colorId' });
      if (kind === 'normal' && checked.cellDone + input.quantity > allowedTotal(cell.planned, settings)) {
        throw new DomainException('overPlanned', {
          planned: cell.planned,
          percent: settings.overProductionPercent,
          remaining: Math.max(0, allowedTotal(cell.planned, settings) - checked.cellDone),
        });
      }
      colorName = cell.colorName;
      sizeName = cell.sizeName;
    }

    const workerName = opened.workerName;
    if (workerName === null) throw new DomainException('referenceInvalid', {}, { field: 'workerId' });
    // A scan credited to someone else: that worker must be an enabled user allowed to execute
    // the process, like the scanner themself.
    if (!extras.skipPermissionChecks && !opened.workerProcessIds.includes(input.processId)) throw new DomainException('workerNotAllowed', {}, { field: 'workerId' });

    return this.apply(tx, user, order, route, step, position, {
      scan: {
        ...fingerprintOf(order.id),
        scanId: input.scanId,
        deviceId: input.deviceId ?? '',
        note: '',
        flagged: warnings.length > 0,
        scannedAt,
        pieceRate,
        countsProgress,
      },
      names: { colorName, sizeName, workerName, reversesScanId: null, stepName },
      warnings,
    });
  }

  async reverse(input: ReverseScanDto, user: AuthenticatedUser): Promise<ScanOutcome> {
    return this.run((tx) => this.reverseIn(tx, input, user, {}, LAST_IN_TRANSACTION));
  }

  /**
   * A correcting entry inside the caller's transaction (the bundle module takes a lay's cutting
   * scans back this way when the lay is edited or deleted). Same rules and answer as reverse;
   * `skipPermissionChecks` when the caller already decided who may take it back.
   */
  async reverseWithin(
    tx: Transaction,
    input: { scanId: string; reversesScanId: string; deviceId?: string; note?: string },
    user: AuthenticatedUser,
    extras: { skipPermissionChecks?: boolean } = {},
  ): Promise<ScanOutcome> {
    return this.reverseIn(tx, input, user, extras, MORE_TO_COME);
  }

  private async reverseIn(
    tx: Transaction,
    input: { scanId: string; reversesScanId: string; deviceId?: string; note?: string },
    user: AuthenticatedUser,
    extras: { skipPermissionChecks?: boolean },
    position: WritePosition,
  ): Promise<ScanOutcome> {
    const original = await this.scans.findForReversal(tx.manager, input.reversesScanId);
    const fingerprintOf = (orderId: number): ScanFingerprint | null =>
      original
        ? {
            orderId,
            processId: original.processId,
            quantity: -original.quantity,
            colorId: original.colorId,
            sizeId: original.sizeId,
            workerId: original.workerId,
            reversesId: original.id,
            stepId: original.stepId,
            bundleId: original.bundleId,
            kind: original.kind,
          }
        : null;
    const replay = await this.replayIfKnown(tx, input.scanId, (stored) => fingerprintOf(stored.orderId));
    if (replay) return replay;

    if (!original) throw new DomainException('scanNotFound', {}, { field: 'reversesScanId' });
    if (original.isReversal) throw new DomainException('cannotReverseReversal', {}, { field: 'reversesScanId' });
    const order = (await this.scans.lockOrder(tx.manager, original.orderId))!;
    const route = await this.scans.route(tx.manager, order.id);
    const step = route.find((candidate) => candidate.processId === original.processId)!;
    if (!extras.skipPermissionChecks && !user.processIds.includes(original.processId)) {
      throw new DomainException('processNotExecutable', { process: step?.processName ?? String(original.processId) }, { field: 'reversesScanId' });
    }
    // Read again under the order's lock: a concurrent correcting entry has committed by now.
    if ((await this.scans.findForReversal(tx.manager, input.reversesScanId))!.reversed) throw new DomainException('scanAlreadyReversed');
    if (order.hidden) throw new DomainException('orderHidden');
    const settings = await this.settings.productionSettings(tx.manager);
    // A scan at an earlier sub-process never moved the process, so taking it back cannot leave
    // a later process ahead of this one.
    if (original.countsProgress) checkReversal({ route, step, quantity: original.quantity, settings });
    for (const check of this.reversalChecks) await check(tx, original);
    const names = await this.namesOf(tx, original, input.reversesScanId);

    return this.apply(tx, user, order, route, step, position, {
      scan: {
        ...fingerprintOf(order.id)!,
        scanId: input.scanId,
        deviceId: input.deviceId ?? '',
        note: input.note ?? '',
        flagged: false,
        scannedAt: new Date(),
        // Takes back exactly the pay the original earned, and the progress it made (if any).
        pieceRate: original.pieceRate,
        countsProgress: original.countsProgress,
      },
      names: { ...names, stepName: original.stepName },
      warnings: [],
    });
  }

  /** The route, and the cell of a colour × size scan, of an order (sends its statement before its first await). */
  private routeOf(tx: Transaction, orderId: number, input: Pick<ScanInput, 'processId' | 'colorId' | 'sizeId'>): Promise<{ route: RouteStepState[]; cell: CellState | null }> {
    return input.colorId !== undefined && input.sizeId !== undefined
      ? this.scans.routeAndCell(tx.manager, orderId, input.processId, input.colorId, input.sizeId)
      : this.scans.route(tx.manager, orderId).then((route) => ({ route, cell: null }));
  }

  /** Runs a scan's transaction; a unique-index race on the correcting entry becomes its message. */
  private async run(work: (tx: Transaction) => Promise<ScanOutcome>): Promise<ScanOutcome> {
    try {
      return await this.unitOfWork.run(work, { pipelined: true });
    } catch (error) {
      const pg = error as { code?: string; constraint?: string; driverError?: { code?: string; constraint?: string } };
      if ((pg?.driverError?.code ?? pg?.code) === UNIQUE_VIOLATION && (pg?.driverError?.constraint ?? pg?.constraint) === 'scan_reverses_id_unique') {
        throw new DomainException('scanAlreadyReversed');
      }
      throw error;
    }
  }

  /**
   * The stored answer when this scan id was recorded before with the same effect; refused when
   * the id was used for something else. Null for a new id.
   */
  private async replayIfKnown(tx: Transaction, scanId: string, expected: (stored: StoredScan) => ScanFingerprint | null): Promise<ScanOutcome | null> {
    return this.replayOf(await this.scans.findByScanId(tx.manager, scanId), expected);
  }

  private replayOf(
    stored: StoredScan | null,
    expected: (stored: StoredScan) => ScanFingerprint | null,
    orderId?: number,
    orderNo?: string,
  ): ScanOutcome | null {
    if (!stored) return null;
    const sameOrder =
      (orderId === undefined || orderId === stored.orderId) && (orderNo === undefined || orderNo.toLowerCase() === stored.orderNo.toLowerCase());
    const want = expected(stored);
    if (!sameOrder || !want || !sameEffect(stored, want)) throw new DomainException('scanIdReused', {}, { field: 'scanId' });
    return { result: stored.result, replayed: true };
  }

  private flagsOf(order: LockedOrder, settings: ProductionSettings): string[] {
    if (order.hidden) throw new DomainException('orderHidden');
    const warnings: string[] = [];
    if (!order.reviewed) warnings.push('orderNotReviewed');
    if (!order.hasDocument) warnings.push('uploadProductionOrderFirst');
    if (warnings.length > 0 && settings.refuseFlaggedOrders) throw new DomainException(warnings[0] as 'orderNotReviewed' | 'uploadProductionOrderFirst');
    return warnings;
  }

  private async namesOf(tx: Transaction, original: { colorId: number | null; sizeId: number | null; workerId: number | null; orderId: number; processId: number }, reversesScanId: string) {
    const cell =
      original.colorId !== null && original.sizeId !== null
        ? await this.scans.cell(tx.manager, original.orderId, original.processId, original.colorId, original.sizeId)
        : null;
    const workerName = original.workerId !== null ? await this.scans.workerName(tx.manager, original.workerId) : null;
    return { colorName: cell?.colorName ?? null, sizeName: cell?.sizeName ?? null, workerName, reversesScanId };
  }

  /**
   * Writes the scan, moves the counters, settles completion and publishes the new numbers. The
   * answer is computed from the locked state before the writes and stored with the scan, so a
   * repeated id gets exactly this answer.
   */
  private async apply(
    tx: Transaction,
    user: AuthenticatedUser,
    order: LockedOrder,
    route: RouteStepState[],
    step: RouteStepState,
    position: WritePosition,
    change: {
      scan: Omit<NewScan, 'recordedBy' | 'day'>;
      names: { colorName: string | null; sizeName: string | null; workerName: string | null; reversesScanId: string | null; stepName: string | null };
      warnings: string[];
    },
  ): Promise<ScanOutcome> {
    const { scan, names, warnings } = change;
    const now = new Date();
    const today = localDay(now);
    const scannedIso = scan.scannedAt.toISOString();
    const nextStep: RouteStepState = scan.countsProgress
      ? {
          ...step,
          done: step.done + scan.quantity,
          firstScanAt: step.firstScanAt && step.firstScanAt < scannedIso ? step.firstScanAt : scannedIso,
          lastScanAt: step.lastScanAt && step.lastScanAt > scannedIso ? step.lastScanAt : scannedIso,
        }
      : step;
    const nextRoute = route.map((candidate) => (candidate.processId === step.processId ? nextStep : candidate));
    const completed = completionOf(nextRoute);
    // The order was finished when its completing scan was made, not when that scan reached us
    // (an offline station sends its scans later).
    const completedAt = completed ? (order.completed ? order.completedAt : scannedIso) : null;
    const progress = nextRoute.map((candidate) => toStepProgress(candidate, today));
    const stepProgress = progress.find((candidate) => candidate.processId === step.processId)!;
    const finishRate = finishRateOf(nextRoute);

    const record: ScanRecord = {
      // The row id comes from the sequence inside the write (see ScanRepository.write).
      id: 0,
      scanId: scan.scanId,
      orderId: order.id,
      orderNo: order.orderNo,
      processId: step.processId,
      processName: step.processName,
      quantity: scan.quantity,
      colorId: scan.colorId,
      colorName: names.colorName,
      sizeId: scan.sizeId,
      sizeName: names.sizeName,
      workerId: scan.workerId,
      workerName: names.workerName,
      deviceId: scan.deviceId,
      reversesScanId: names.reversesScanId,
      reversed: false,
      note: scan.note,
      flagged: scan.flagged,
      scannedAt: scannedIso,
      recordedAt: now.toISOString(),
      recordedBy: user.username,
      stepId: scan.stepId,
      stepName: names.stepName,
      pieceRate: scan.pieceRate,
      countsProgress: scan.countsProgress,
      bundleId: scan.bundleId,
      kind: scan.kind,
    };
    const result: ScanResult = { scan: record, step: stepProgress, order: { id: order.id, orderNo: order.orderNo, completed, finishRate }, warnings };

    const summary = { completed, deliveryDate: order.deliveryDate };
    const progressed: PendingEvent<'production.progressed'> = {
      name: 'production.progressed',
      payload: {
        orderId: order.id,
        orderNo: order.orderNo,
        processId: step.processId,
        quantity: scan.quantity,
        scanId: scan.scanId,
        step: stepProgress,
        workerId: scan.workerId,
        colorId: scan.colorId,
        sizeId: scan.sizeId,
        stepId: scan.stepId,
        pieceRate: scan.pieceRate,
        countsProgress: scan.countsProgress,
        order: {
          finishRate,
          completed,
          completedAt,
          status: orderStatusOf(summary, progress, today),
          delayDays: delayDaysOf(summary, today),
          lastActivityAt: now.toISOString(),
        },
      },
      rooms: [ROOMS.board, ROOMS.statistics, ROOMS.order(order.id), ROOMS.process(step.processId)],
    };
    const events: PendingEvent[] = [progressed];
    if (completed !== order.completed) {
      const changed: PendingEvent<'productionOrder.changed'> = {
        name: 'productionOrder.changed',
        payload: { id: order.id, orderNo: order.orderNo, action: completed ? 'completed' : 'reopened', version: null },
        rooms: [ROOMS.productionOrders, ROOMS.order(order.id)],
      };
      events.push(changed);
    }

    // The scan, the counters, the order and the events in one statement; the events reach the
    // boards after COMMIT, through the unit of work, like published ones.
    // The pay summary's day: the factory's calendar day of the scan (a correcting entry's is the
    // day it was made, so a month already paid out is never rewritten).
    // The order's stage totals follow the route's numbers (the difference statistics read them).
    const stages = stageTotalsOf(nextRoute);
    const write = () => this.scans.write(tx.manager, { scan: { ...scan, recordedBy: user.id, day: localDay(scan.scannedAt) }, result, at: now, completed, completedAt, stages, events });
    const written = await (position === LAST_IN_TRANSACTION ? tx.lastWrite(write) : write());
    if (!written) {
      // The same id committed by a concurrent request between our lookup and insert (read after
      // the commit when COMMIT already followed the write: the row is the other request's).
      const replay = await this.scans.findByScanId(tx.manager, scan.scanId);
      if (!replay || !sameEffect(replay, scan)) throw new DomainException('scanIdReused', {}, { field: 'scanId' });
      return { result: replay.result, replayed: true };
    }
    record.id = written.id;
    tx.appended(written.events);
    return { result, replayed: false };
  }
}

function sameEffect(stored: ScanFingerprint, wanted: ScanFingerprint): boolean {
  return (
    stored.orderId === wanted.orderId &&
    stored.processId === wanted.processId &&
    stored.quantity === wanted.quantity &&
    stored.colorId === wanted.colorId &&
    stored.sizeId === wanted.sizeId &&
    stored.workerId === wanted.workerId &&
    stored.reversesId === wanted.reversesId &&
    (stored.stepId ?? null) === wanted.stepId &&
    (stored.bundleId ?? null) === wanted.bundleId &&
    (stored.kind ?? 'normal') === wanted.kind
  );
}

function scanTimeOf(value: string | undefined): Date {
  const now = Date.now();
  if (value === undefined) return new Date(now);
  const time = Date.parse(value);
  if (!Number.isFinite(time) || time > now + CLOCK_SKEW_MS || time < now - MAX_SCAN_AGE_DAYS * 86_400_000) {
    throw new DomainException('scanTimeInvalid', { days: MAX_SCAN_AGE_DAYS }, { field: 'scannedAt' });
  }
  return new Date(time);
}
