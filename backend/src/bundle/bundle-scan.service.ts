import { Injectable, type OnModuleInit } from '@nestjs/common';
import { decodeBundleTicket, type BundleScanResult } from '../../../contracts/bundles.js';
import { ROOMS } from '../../../contracts/events.js';
import { DomainException } from '../common/errors/domain.exception.js';
import type { AuthenticatedUser } from '../common/http/route-access.decorators.js';
import { UnitOfWork, type Transaction } from '../events/unit-of-work.service.js';
import { localDay } from '../progress/progress-math.js';
import { ScanRepository } from '../scan/scan.repository.js';
import { ScanService, type ReversalOriginal } from '../scan/scan.service.js';
import { productionSettingsOf, SettingService } from '../setting/setting.service.js';
import type { BundleScanDto } from './bundle.dto.js';
import { BundleQueryRepository } from './bundle-query.repository.js';
import { BundleStateRepository } from './bundle-state.repository.js';

export interface BundleScanOutcome {
  result: BundleScanResult;
  replayed: boolean;
}

/**
 * Bundle scanning (contracts/bundles.ts): once per process per bundle — the bundle's numbers
 * are read under its order's row lock (BundleStateRepository.lock), which every scan of the
 * order takes, so concurrent scans of one bundle on any instance see each other's pieces.
 */
@Injectable()
export class BundleScanService implements OnModuleInit {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly state: BundleStateRepository,
    private readonly queries: BundleQueryRepository,
    private readonly scanRepository: ScanRepository,
    private readonly scans: ScanService,
    private readonly settings: SettingService,
  ) {}

  onModuleInit(): void {
    this.scans.addReversalCheck((tx, original) => this.checkReversal(tx, original));
  }

  async scan(input: BundleScanDto, user: AuthenticatedUser): Promise<BundleScanOutcome> {
    const code = decodeBundleTicket(input.code) ?? input.code;
    return this.unitOfWork.run(async (tx) => {
      // A re-sent scan id answers its first answer (the bundle's own rules would refuse it: nothing is open any more).
      const stored = await this.scanRepository.findByScanId(tx.manager, input.scanId);
      if (stored) {
        const bundle = stored.bundleId !== null ? await this.queries.recordById(tx.manager, stored.bundleId) : null;
        if (!bundle || bundle.code.toLowerCase() !== code.toLowerCase() || stored.processId !== input.processId || stored.kind !== 'normal' || stored.reversesId !== null) {
          throw new DomainException('scanIdReused', {}, { field: 'scanId' });
        }
        const locked = await this.state.lock(tx.manager, code);
        const open = locked?.steps.find((step) => step.processId === input.processId)?.open ?? 0;
        return { result: { bundle, scan: stored.result, openAfter: open }, replayed: true };
      }

      const locked = await this.state.lock(tx.manager, code);
      if (!locked) throw new DomainException('bundleNotFound', { code }, { field: 'code' });
      const routeStep = locked.route.find((step) => step.processId === input.processId);
      if (!routeStep) throw new DomainException('processNotOnRoute', { process: String(input.processId) }, { field: 'processId' });
      if (!user.processIds.includes(input.processId)) throw new DomainException('processNotExecutable', { process: routeStep.processName }, { field: 'processId' });
      if (routeStep.cutting) throw new DomainException('bundleAtCutting', {}, { field: 'processId' });
      if (routeStep.qc) throw new DomainException('bundleAtQc', {}, { field: 'processId' });
      const index = locked.steps.findIndex((step) => step.processId === input.processId);
      // A step before the cutting process never sees bundles.
      if (index < 0) throw new DomainException('bundleNotReady', { previous: locked.steps[0]?.processName ?? '' }, { field: 'processId' });
      const step = locked.steps[index];
      if (step.open === 0) {
        if (step.done > 0) {
          const last = locked.lastScans.find((scan) => scan.processId === input.processId);
          throw new DomainException('bundleAlreadyRecorded', { worker: last?.workerName ?? '', at: last ? formatTime(last.scannedAt) : '' }, { field: 'code' });
        }
        throw new DomainException('bundleNotReady', { previous: locked.steps[index - 1]?.processName ?? '' }, { field: 'code' });
      }
      const quantity = input.quantity ?? step.open;
      if (quantity > step.open) throw new DomainException('bundleQuantityTooLarge', { open: step.open }, { field: 'quantity' });

      const outcome = await this.scans.recordWithin(
        tx,
        {
          scanId: input.scanId,
          orderId: locked.bundle.orderId,
          processId: input.processId,
          quantity,
          colorId: locked.bundle.colorId,
          sizeId: locked.bundle.sizeId,
          workerId: input.workerId,
          deviceId: input.deviceId,
          scannedAt: input.scannedAt,
        },
        user,
        { bundleId: locked.bundle.id },
      );
      const scan = outcome.result.scan;
      await tx.manager.query(
        `UPDATE bundle SET last_scan_at = $2, last_process_id = $3, last_worker_id = $4 WHERE id = $1 AND (last_scan_at IS NULL OR last_scan_at <= $2)`,
        [locked.bundle.id, scan.scannedAt, scan.processId, scan.workerId],
      );
      tx.publish('bundle.changed', { bundleId: locked.bundle.id, orderId: locked.bundle.orderId, code: locked.bundle.code }, [ROOMS.order(locked.bundle.orderId)]);
      const bundle = await this.queries.recordById(tx.manager, locked.bundle.id);
      return { result: { bundle, scan: outcome.result, openAfter: step.open - quantity }, replayed: outcome.replayed };
    });
  }

  /**
   * A correcting entry of a bundle's normal scan is refused when the bundle's next process has
   * more good pieces than this one would keep (scan in order): the pieces went on from here.
   */
  private async checkReversal(tx: Transaction, original: ReversalOriginal): Promise<void> {
    if (original.bundleId === null || original.kind !== 'normal') return;
    const settings = productionSettingsOf(await this.settings.productionSettings(tx.manager));
    if (!settings.scanInOrder) return;
    const [row] = await this.queries.rows(tx.manager, `b.id = $1`, [original.bundleId]);
    if (!row) return;
    const locked = await this.state.lock(tx.manager, row.code);
    // A voided bundle (its lay is being edited or deleted): nothing was built on it.
    if (!locked) return;
    const index = locked.steps.findIndex((step) => step.processId === original.processId);
    const next = index >= 0 ? locked.steps[index + 1] : undefined;
    if (!next) return;
    const keeps = locked.steps[index].done - original.quantity;
    if (next.done > keeps) throw new DomainException('bundleAheadNext', { next: next.processName, done: next.done });
  }
}

/** `2026-11-24 23:05` on the factory's clock (the server's time zone, as every factory day is), short enough for the station's message. */
function formatTime(iso: string): string {
  const at = new Date(iso);
  return `${localDay(at)} ${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
}
