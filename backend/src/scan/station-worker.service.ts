import { Injectable } from '@nestjs/common';
import type { StationWorker } from '../../../contracts/appraisal.js';
import { DomainException } from '../common/errors/domain.exception.js';
import { StationWorkerRepository } from './station-worker.repository.js';

/**
 * Who is working at a shared station (one PC per process, many workers): the worker shows their
 * badge or picks their name, and the station credits its scans to them (scan.workerId). Whether
 * that worker may execute the process is decided where the scan is recorded (ScanService:
 * workerNotAllowed), not here: a badge read only says who it is.
 */
@Injectable()
export class StationWorkerService {
  constructor(private readonly workers: StationWorkerRepository) {}

  /** `badge` is the QR's text, already checked against BADGE_PATTERN. */
  async byBadge(badge: string): Promise<StationWorker> {
    const code = badge.slice(badge.indexOf(':') + 1).toUpperCase();
    const worker = await this.workers.findByBadge(code);
    // Unknown, renewed and disabled read the same: the badge identifies no one who may work.
    if (!worker) throw new DomainException('badgeUnknown', {}, { field: 'badge' });
    return worker;
  }

  allowedAt(processId: number): Promise<StationWorker[]> {
    return this.workers.allowedAt(processId);
  }
}
