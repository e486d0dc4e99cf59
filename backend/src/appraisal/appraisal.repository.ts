import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { AppraisalRow, AppraisalTotal, PayrollLine, WorkerToday } from '../../../contracts/appraisal.js';
import { SqlParams } from '../sale-order/order-list-query.js';

/** What the appraisal report is filtered by; days are factory days, inclusive. */
export interface AppraisalFilter {
  from: string;
  to: string;
  workerId?: number;
  departmentId?: number;
  processId?: number;
}

export interface AppraisalNumbers {
  rows: AppraisalRow[];
  total: number;
  totals: { pieces: number; pay: number };
  byWorker: AppraisalTotal[];
  byProcess: AppraisalTotal[];
  byDay: AppraisalTotal[];
}

/** A worker as the station may show them. */
export interface WorkerOfStation {
  id: number;
  name: string;
  processIds: number[];
}

const WORKER_NAME = `coalesce(nullif(u.nickname, ''), u.username, '#' || g.worker_id)`;

/**
 * The pay reads, all from the summary worker_daily_output (kept by every scan's write, see
 * ScanRepository.write), never from the scans: a month of the whole factory is some ten thousand
 * summary rows where it would be millions of scans. Pay sums numeric(12,2) values, so totals are
 * exact; they leave the database as float8 only at the end.
 */
@Injectable()
export class AppraisalRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * The report's numbers in one statement: the rows grouped per worker, process, step and day
   * (one CTE), then the page, the count and the totals of that CTE. A row's rate is the one rate
   * of its pieces, null when they were recorded at several (or none). Rows netted to nothing (a
   * scan and its correcting entry) are left out.
   */
  async appraisal(filter: AppraisalFilter, page: { limit: number; offset: number } | null): Promise<AppraisalNumbers> {
    const params = new SqlParams();
    const conditions = [`w.day BETWEEN ${params.add(filter.from)}::date AND ${params.add(filter.to)}::date`];
    if (filter.workerId !== undefined) conditions.push(`w.worker_id = ${params.add(filter.workerId)}`);
    if (filter.processId !== undefined) conditions.push(`w.process_id = ${params.add(filter.processId)}`);
    if (filter.departmentId !== undefined) {
      conditions.push(`w.worker_id IN (SELECT id FROM app_user WHERE department_id = ${params.add(filter.departmentId)})`);
    }
    const paging = page ? `LIMIT ${params.add(page.limit)} OFFSET ${params.add(page.offset)}` : '';
    const [result]: { total: number; pieces: number; pay: number; rows: AppraisalRow[]; byWorker: AppraisalTotal[]; byProcess: AppraisalTotal[]; byDay: AppraisalTotal[] }[] =
      await this.dataSource.query(
        `WITH g AS (
           SELECT w.worker_id, w.process_id, w.step_id, w.day, sum(w.pieces)::int AS pieces, sum(w.pay) AS pay,
                  CASE WHEN count(DISTINCT coalesce(w.piece_rate, -1)) FILTER (WHERE w.pieces <> 0) = 1
                       THEN max(w.piece_rate) FILTER (WHERE w.pieces <> 0) END AS rate
             FROM worker_daily_output w
            WHERE ${conditions.join(' AND ')}
            GROUP BY w.worker_id, w.process_id, w.step_id, w.day
           HAVING sum(w.pieces) <> 0 OR sum(w.pay) <> 0
         ),
         named AS (
           SELECT g.*, ${WORKER_NAME} AS worker_name, u.department_id, d.name AS department_name,
                  p.name AS process_name, p.sort_order, st.name AS step_name, st.sequence AS step_sequence
             FROM g
             LEFT JOIN app_user u ON u.id = g.worker_id
             LEFT JOIN department d ON d.id = u.department_id
             JOIN process p ON p.id = g.process_id
             LEFT JOIN process_step st ON st.id = nullif(g.step_id, 0)
         )
         SELECT (SELECT count(*)::int FROM g) AS total,
                (SELECT coalesce(sum(pieces), 0)::int FROM g) AS pieces,
                (SELECT coalesce(sum(pay), 0)::float8 FROM g) AS pay,
                (SELECT coalesce(json_agg(r), '[]') FROM (
                   SELECT worker_id AS "workerId", worker_name AS "workerName", department_id AS "departmentId",
                          department_name AS "departmentName", process_id AS "processId", process_name AS "processName",
                          nullif(step_id, 0) AS "stepId", step_name AS "stepName", to_char(day, 'YYYY-MM-DD') AS day,
                          pieces, rate::float8 AS "pieceRate", pay::float8 AS pay
                     FROM named
                    ORDER BY day, worker_name, worker_id, sort_order, process_id, step_sequence NULLS FIRST
                    ${paging}) r) AS rows,
                (SELECT coalesce(json_agg(r ORDER BY r.pay DESC, r.label), '[]') FROM (
                   SELECT worker_id AS key, worker_name AS label, sum(pieces)::int AS pieces, sum(pay)::float8 AS pay
                     FROM named GROUP BY worker_id, worker_name) r) AS "byWorker",
                (SELECT coalesce(json_agg(r ORDER BY r.sort_order, r.key), '[]') FROM (
                   SELECT process_id AS key, process_name AS label, sort_order, sum(pieces)::int AS pieces, sum(pay)::float8 AS pay
                     FROM named GROUP BY process_id, process_name, sort_order) r) AS "byProcess",
                (SELECT coalesce(json_agg(r ORDER BY r.key), '[]') FROM (
                   SELECT to_char(day, 'YYYY-MM-DD') AS key, to_char(day, 'YYYY-MM-DD') AS label, sum(pieces)::int AS pieces, sum(pay)::float8 AS pay
                     FROM g GROUP BY day) r) AS "byDay"`,
        params.values,
      );
    return {
      rows: result.rows,
      total: result.total,
      totals: { pieces: result.pieces, pay: result.pay },
      byWorker: result.byWorker,
      byProcess: result.byProcess.map(({ key, label, pieces, pay }) => ({ key, label, pieces, pay })),
      byDay: result.byDay,
    };
  }

  /** Each worker's pieces and pay over the days (a month), by department and name. */
  async payroll(from: string, to: string, departmentId?: number): Promise<PayrollLine[]> {
    const params = new SqlParams();
    const conditions = [`w.day BETWEEN ${params.add(from)}::date AND ${params.add(to)}::date`];
    if (departmentId !== undefined) conditions.push(`u.department_id = ${params.add(departmentId)}`);
    return this.dataSource.query(
      `SELECT g.worker_id AS "workerId", ${WORKER_NAME} AS "workerName", coalesce(u.username, '') AS username,
              d.name AS "departmentName", g.pieces, g.pay::float8 AS pay
         FROM (SELECT w.worker_id, sum(w.pieces)::int AS pieces, sum(w.pay) AS pay
                 FROM worker_daily_output w LEFT JOIN app_user u ON u.id = w.worker_id
                WHERE ${conditions.join(' AND ')}
                GROUP BY w.worker_id
               HAVING sum(w.pieces) <> 0 OR sum(w.pay) <> 0) g
         LEFT JOIN app_user u ON u.id = g.worker_id
         LEFT JOIN department d ON d.id = u.department_id
        ORDER BY d.sort_order NULLS LAST, d.name, 2, g.worker_id`,
      params.values,
    );
  }

  /** One worker's pieces and pay of one day, per process. */
  async workerDay(workerId: number, day: string): Promise<WorkerToday['byProcess']> {
    return this.dataSource.query(
      `SELECT w.process_id AS "processId", p.name AS "processName", sum(w.pieces)::int AS pieces, sum(w.pay)::float8 AS pay
         FROM worker_daily_output w JOIN process p ON p.id = w.process_id
        WHERE w.worker_id = $1 AND w.day = $2::date
        GROUP BY w.process_id, p.name, p.sort_order
       HAVING sum(w.pieces) <> 0 OR sum(w.pay) <> 0
        ORDER BY p.sort_order, w.process_id`,
      [workerId, day],
    );
  }

  /** An enabled user with their display name and processes; null when there is none. */
  async worker(id: number): Promise<WorkerOfStation | null> {
    const rows: WorkerOfStation[] = await this.dataSource.query(
      `SELECT id, coalesce(nullif(nickname, ''), username) AS name, process_ids AS "processIds" FROM app_user WHERE id = $1 AND enabled`,
      [id],
    );
    return rows[0] ?? null;
  }
}
