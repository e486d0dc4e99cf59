import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { StationWorker } from '../../../contracts/appraisal.js';

// What a station shows of a worker: the name people call them by (nickname, else username),
// their department and the processes they may execute (the same list the scan rule checks).
const WORKER_COLUMNS = `u.id, coalesce(nullif(u.nickname, ''), u.username) AS name, u.username,
       d.name AS "departmentName", u.process_ids AS "processIds"
  FROM app_user u LEFT JOIN department d ON d.id = u.department_id`;

/** Workers as a shared station sees them: by badge, or every one allowed at a process. */
@Injectable()
export class StationWorkerRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The enabled user holding this badge code (codes are stored upper-case); null for none. */
  async findByBadge(badgeCode: string): Promise<StationWorker | null> {
    const rows: StationWorker[] = await this.dataSource.query(`SELECT ${WORKER_COLUMNS} WHERE u.badge_code = $1 AND u.enabled`, [badgeCode]);
    return rows[0] ?? null;
  }

  /** Enabled users allowed to execute the process, by name (the station's pick list). */
  async allowedAt(processId: number): Promise<StationWorker[]> {
    return this.dataSource.query(`SELECT ${WORKER_COLUMNS} WHERE u.enabled AND $1 = ANY (u.process_ids) ORDER BY lower(coalesce(nullif(u.nickname, ''), u.username)), u.id`, [
      processId,
    ]);
  }
}
