import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { decodeBundleTicket, type BundleDetail, type InspectResult } from '../../../../contracts/bundles.js';
import { ROOMS } from '../../../../contracts/events.js';
import type { ScanResult } from '../../../../contracts/production.js';
import { DomainException } from '../../common/errors/domain.exception.js';
import type { AuthenticatedUser } from '../../common/http/route-access.decorators.js';
import { UnitOfWork, type Transaction } from '../../events/unit-of-work.service.js';
import { ScanRepository } from '../../scan/scan.repository.js';
import { ScanService } from '../../scan/scan.service.js';
import { SettingService } from '../../setting/setting.service.js';
import { reworkOpenAt } from '../bundle-flow.js';
import { BundleQueryRepository } from '../bundle-query.repository.js';
import { BundleStateRepository, type LockedBundle } from '../bundle-state.repository.js';
import type { InspectDto, ReworkDto } from './quality.dto.js';
import { QualityRepository, type InspectionFingerprint } from './quality.repository.js';

/** The answer of an inspection or a rework; `replayed` when its id had been recorded before. */
export interface QualityOutcome {
  result: InspectResult;
  replayed: boolean;
}

const UNIQUE_VIOLATION = '23505';

/**
 * QC at a bundle's QC process (inspect) and the rework of the pieces it sent back
 * (contracts/bundles.ts). Everything happens under the bundle's order lock
 * (BundleStateRepository.lock), so the open pieces read are the pieces the writes act on.
 */
@Injectable()
export class QualityService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly state: BundleStateRepository,
    private readonly quality: QualityRepository,
    private readonly scans: ScanService,
    private readonly scanRows: ScanRepository,
    private readonly settings: SettingService,
    private readonly queries: BundleQueryRepository,
  ) {}

  /** `at`: when it was inspected (the demo seed dates its inspections in the past; the station sends none). */
  async inspect(input: InspectDto, user: AuthenticatedUser, at?: Date): Promise<QualityOutcome> {
    const inspectorId = input.workerId ?? user.id;
    try {
      return await this.unitOfWork.run(async (tx) => {
        const manager = tx.manager;
        const code = codeOf(input.code);
        // A re-sent id is answered before anything else (also when the bundle moved on since).
        const earlier = await this.replayedInspection(manager, input.scanId, null, input, inspectorId);
        if (earlier) return earlier;
        const locked = await this.lock(manager, code);
        const fingerprint = fingerprintOf(input, inspectorId, locked.bundle.id);
        // Again under the lock: a concurrent request with this id has committed by now.
        const replay = await this.replayedInspection(manager, input.scanId, fingerprint, input, inspectorId);
        if (replay) return replay;

        const routeIndex = locked.route.findIndex((step) => step.processId === input.processId);
        const qcStep = locked.route[routeIndex];
        if (!qcStep) throw new DomainException('processNotOnRoute', { process: String(input.processId) }, { field: 'processId' });
        if (!user.processIds.includes(input.processId)) throw new DomainException('processNotExecutable', { process: qcStep.processName }, { field: 'processId' });
        if (!qcStep.qc) throw new DomainException('notQcProcess', { process: qcStep.processName }, { field: 'processId' });
        await this.checkWorker(manager, inspectorId, input.processId);

        const total = input.passed + fingerprint.defects.reduce((sum, defect) => sum + defect.quantity, 0);
        if (total === 0) throw new DomainException('inspectEmpty', {}, { field: 'passed' });
        const open = locked.steps.find((step) => step.processId === input.processId)?.open ?? 0;
        if (total > open) throw new DomainException('inspectTooMany', { open }, { field: 'passed' });

        // Rework goes back to a process of the route after cutting and before this QC step.
        const cuttingIndex = locked.route.findIndex((step) => step.cutting);
        for (const defect of fingerprint.defects) {
          if (defect.disposition !== 'rework') continue;
          const index = locked.route.findIndex((step) => step.processId === defect.reworkProcessId);
          if (index < 0 || index >= routeIndex || index <= cuttingIndex) {
            const name = index >= 0 ? locked.route[index].processName : String(defect.reworkProcessId);
            throw new DomainException('reworkProcessInvalid', { process: name }, { field: 'defects' });
          }
        }
        const typeIds = [...new Set(fingerprint.defects.map((defect) => defect.defectTypeId))];
        const known = typeIds.length > 0 ? await this.quality.existingDefectTypes(manager, typeIds) : new Set<number>();
        if (typeIds.some((id) => !known.has(id))) throw new DomainException('referenceInvalid', {}, { field: 'defects' });

        const inspectionId = await this.quality.insertInspection(manager, {
          scanId: input.scanId,
          bundleId: locked.bundle.id,
          processId: input.processId,
          inspectorId,
          passed: input.passed,
          fingerprint,
        });
        const base = { orderId: locked.bundle.orderId, colorId: locked.bundle.colorId, sizeId: locked.bundle.sizeId, deviceId: input.deviceId };
        let scan: ScanResult | null = null;
        if (input.passed > 0) {
          const outcome = await this.scans.recordWithin(
            tx,
            { ...base, scanId: input.scanId, processId: input.processId, quantity: input.passed, workerId: inspectorId, scannedAt: at?.toISOString() },
            user,
            { bundleId: locked.bundle.id },
          );
          scan = outcome.result;
        }

        // Each defect is charged to who recorded the bundle at the rework process (a reject: at
        // the process before QC); with the setting on, their pay for those pieces is taken back.
        const { reworkChargeBack } = await this.settings.productionSettings(manager);
        const before = routeIndex > 0 ? locked.route[routeIndex - 1].processId : null;
        let rejected = 0;
        for (const [index, defect] of fingerprint.defects.entries()) {
          const chargedAt = defect.disposition === 'rework' ? defect.reworkProcessId : before;
          const responsible = chargedAt !== null ? await this.quality.responsibleScan(manager, locked.bundle.id, chargedAt) : null;
          await this.quality.insertDefect(manager, {
            inspectionId,
            bundleId: locked.bundle.id,
            qcProcessId: input.processId,
            defectTypeId: defect.defectTypeId,
            quantity: defect.quantity,
            disposition: defect.disposition,
            reworkProcessId: defect.reworkProcessId,
            responsibleWorkerId: responsible?.workerId ?? null,
          });
          if (defect.disposition === 'reject') rejected += defect.quantity;
          if (reworkChargeBack && responsible && chargedAt !== null) {
            await this.scans.recordWithin(
              tx,
              { ...base, scanId: derivedScanId(input.scanId, 'cb', index), processId: chargedAt, quantity: -defect.quantity, workerId: responsible.workerId, scannedAt: at?.toISOString() },
              user,
              { bundleId: locked.bundle.id, kind: 'chargeBack', pieceRate: responsible.pieceRate, skipPermissionChecks: true },
            );
          }
        }
        await this.quality.moveBundle(manager, locked.bundle.id, { rejected, at: at ?? new Date(), processId: input.processId, workerId: inspectorId });

        const answer: InspectResult = { bundle: await this.detail(manager, code), scan };
        await this.quality.saveInspectionResult(manager, inspectionId, fingerprint, answer);
        this.publish(tx, answer.bundle);
        return { result: answer, replayed: false };
      });
    } catch (error) {
      // The same id committed by a concurrent request of another order between our lookup and insert.
      if (isUniqueViolation(error, 'bundle_inspection_scan_id_unique')) throw new DomainException('scanIdReused', {}, { field: 'scanId' });
      throw error;
    }
  }

  /** `at`: as for inspect. */
  async rework(input: ReworkDto, user: AuthenticatedUser, at?: Date): Promise<QualityOutcome> {
    const workerId = input.workerId ?? user.id;
    return this.unitOfWork.run(async (tx) => {
      const manager = tx.manager;
      const code = codeOf(input.code);
      const locked = await this.lock(manager, code);
      const step = locked.route.find((candidate) => candidate.processId === input.processId);
      if (!step) throw new DomainException('processNotOnRoute', { process: String(input.processId) }, { field: 'processId' });

      if (!user.processIds.includes(input.processId)) throw new DomainException('processNotExecutable', { process: step.processName }, { field: 'processId' });

      // A re-sent id answers its scan again (with the bundle as it is now) and changes nothing.
      const stored = await this.scanRows.findByScanId(manager, input.scanId);
      if (stored) {
        const same = stored.bundleId === locked.bundle.id && stored.processId === input.processId && stored.kind === 'rework' && stored.workerId === workerId;
        if (!same) throw new DomainException('scanIdReused', {}, { field: 'scanId' });
        return { result: { bundle: await this.detail(manager, code), scan: stored.result }, replayed: true };
      }

      const lots = reworkOpenAt(locked.defects, input.processId);
      if (lots.length === 0) throw new DomainException('noReworkOpen', { process: step.processName }, { field: 'processId' });
      const open = lots.reduce((sum, lot) => sum + lot.quantity - lot.reworked, 0);
      const quantity = input.quantity ?? open;
      if (quantity > open) throw new DomainException('reworkTooMany', { open }, { field: 'quantity' });

      // Oldest lots first. The worker charged with a lot reworks its pieces for nothing; anyone
      // else is paid the process's rework rate (else its piece rate).
      const responsible = await this.quality.lotWorkers(manager, lots.map((lot) => lot.id));
      const taken: { id: number; pieces: number }[] = [];
      let left = quantity;
      let own = 0;
      for (const lot of lots) {
        if (left === 0) break;
        const pieces = Math.min(left, lot.quantity - lot.reworked);
        taken.push({ id: lot.id, pieces });
        if (responsible.get(lot.id) === workerId) own += pieces;
        left -= pieces;
      }
      const rate = step.reworkRate ?? step.processRate;
      const parts = [
        { pieces: quantity - own, pieceRate: rate },
        { pieces: own, pieceRate: 0 },
      ].filter((part) => part.pieces > 0);
      let scan: ScanResult | null = null;
      for (const [index, part] of parts.entries()) {
        const outcome = await this.scans.recordWithin(
          tx,
          {
            scanId: index === 0 ? input.scanId : derivedScanId(input.scanId, 'rw', index),
            orderId: locked.bundle.orderId,
            processId: input.processId,
            quantity: part.pieces,
            colorId: locked.bundle.colorId,
            sizeId: locked.bundle.sizeId,
            workerId,
            deviceId: input.deviceId,
            scannedAt: at?.toISOString(),
          },
          user,
          { bundleId: locked.bundle.id, kind: 'rework', pieceRate: part.pieceRate },
        );
        scan ??= outcome.result;
      }
      for (const lot of taken) await this.quality.addReworked(manager, lot.id, lot.pieces);
      await this.quality.moveBundle(manager, locked.bundle.id, { rejected: 0, at: at ?? new Date(), processId: input.processId, workerId });

      const answer: InspectResult = { bundle: await this.detail(manager, code), scan };
      this.publish(tx, answer.bundle);
      return { result: answer, replayed: false };
    });
  }

  /** The locked bundle; 404 when there is no such live bundle. */
  private async lock(manager: EntityManager, code: string): Promise<LockedBundle> {
    const locked = await this.state.lock(manager, code);
    if (!locked) throw new DomainException('bundleNotFound', { code }, { field: 'code' });
    return locked;
  }

  private async checkWorker(manager: EntityManager, workerId: number, processId: number): Promise<void> {
    const processes = await this.quality.workerProcesses(manager, workerId);
    if (processes === null) throw new DomainException('referenceInvalid', {}, { field: 'workerId' });
    if (!processes.includes(processId)) throw new DomainException('workerNotAllowed', {}, { field: 'workerId' });
  }

  /**
   * The stored answer of an inspection with this id; refused when the id was used for another
   * inspection (or, when `fingerprint` is null, for another bundle or process). Null for a new id.
   */
  private async replayedInspection(
    manager: EntityManager,
    scanId: string,
    fingerprint: InspectionFingerprint | null,
    input: InspectDto,
    inspectorId: number,
  ): Promise<QualityOutcome | null> {
    const stored = await this.quality.findInspection(manager, scanId);
    if (!stored) return null;
    const result = stored.result as { fingerprint?: InspectionFingerprint; answer?: InspectResult };
    // Before the lock the bundle's id is not known: the stored answer names its code.
    const sameBundle = result.answer?.bundle.code.toLowerCase() === codeOf(input.code).toLowerCase();
    const wanted = fingerprint ?? (sameBundle && result.fingerprint ? fingerprintOf(input, inspectorId, result.fingerprint.bundleId) : null);
    const same = result.fingerprint !== undefined && wanted !== null && sameFingerprint(result.fingerprint, wanted);
    if (!same || !result.answer) throw new DomainException('scanIdReused', {}, { field: 'scanId' });
    return { result: result.answer, replayed: true };
  }

  /** The bundle's detail read in this transaction, after our writes (the trace screen's own query). */
  private async detail(manager: EntityManager, code: string): Promise<BundleDetail> {
    return (await this.queries.detail(manager, code))!;
  }

  private publish(tx: Transaction, bundle: BundleDetail): void {
    tx.publish('bundle.changed', { bundleId: bundle.id, orderId: bundle.orderId, code: bundle.code }, [ROOMS.order(bundle.orderId)]);
  }
}

/** What an inspection request does (a re-sent id must do the same). */
function fingerprintOf(input: InspectDto, inspectorId: number, bundleId: number): InspectionFingerprint {
  return {
    bundleId,
    processId: input.processId,
    inspectorId,
    passed: input.passed,
    defects: (input.defects ?? []).map((defect) => ({
      defectTypeId: defect.defectTypeId,
      quantity: defect.quantity,
      disposition: defect.disposition,
      reworkProcessId: defect.disposition === 'rework' ? (defect.reworkProcessId ?? null) : null,
    })),
  };
}

/** Field by field: the stored fingerprint went through jsonb, which does not keep the key order. */
function sameFingerprint(stored: InspectionFingerprint, wanted: InspectionFingerprint): boolean {
  return (
    stored.bundleId === wanted.bundleId &&
    stored.processId === wanted.processId &&
    stored.inspectorId === wanted.inspectorId &&
    stored.passed === wanted.passed &&
    stored.defects.length === wanted.defects.length &&
    stored.defects.every((defect, index) => {
      const other = wanted.defects[index];
      return (
        defect.defectTypeId === other.defectTypeId &&
        defect.quantity === other.quantity &&
        defect.disposition === other.disposition &&
        (defect.reworkProcessId ?? null) === other.reworkProcessId
      );
    })
  );
}

/** The bundle code of what was scanned: a ticket's QR text or the code itself. */
function codeOf(text: string): string {
  return decodeBundleTicket(text) ?? text.trim();
}

/**
 * A scan id derived from the request's (a charge-back, a second rework rate): deterministic, so a
 * re-sent request derives the same, and within the 64 characters of scan.scan_id.
 */
function derivedScanId(scanId: string, purpose: string, index: number): string {
  return `${purpose}-${createHash('sha256').update(`${scanId}|${purpose}|${index}`).digest('base64url').slice(0, 40)}`;
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  const pg = error as { code?: string; constraint?: string; driverError?: { code?: string; constraint?: string } };
  return (pg?.driverError?.code ?? pg?.code) === UNIQUE_VIOLATION && (pg?.driverError?.constraint ?? pg?.constraint) === constraint;
}
