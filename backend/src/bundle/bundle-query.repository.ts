import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { BundleDetail, BundleEvent, BundleRecord, BundleStep, OpenRework, WipSummary } from '../../../contracts/bundles.js';
import type { ListPage } from '../../../contracts/master-data.js';
import { ScanRepository, type RouteStepState } from '../scan/scan.repository.js';
import { productionSettingsOf, SettingService } from '../setting/setting.service.js';
import { bundleSteps, isFinished, whereIs, type DefectLot } from './bundle-flow.js';
import { BUNDLE_FROM, BUNDLE_ROW, type BundleRow } from './bundle-state.repository.js';

type Row = BundleRow & { createdAt: string };

/** Each bundle's steps, defect lots and route (flows()). */
type Flows = Map<number, { steps: BundleStep[]; defects: DefectLot[]; route: RouteStepState[] }>;

const WORKER = (alias: string) => `coalesce(nullif(${alias}.nickname, ''), ${alias}.username)`;

/** Rows a filtered list (process, stuck) computes in memory before paging. */
const MAX_FILTERED_ROWS = 20_000;

/**
 * What the screens read about bundles, without locks: the record (where a bundle is, stuck or
 * not), the trace, the list and work in progress. The numbers come from the same arithmetic as
 * scanning (bundle-flow.ts) over each bundle's scans and defect lots.
 */
@Injectable()
export class BundleQueryRepository {
  constructor(
    private readonly scans: ScanRepository,
    private readonly settings: SettingService,
  ) {}

  /**
   * The station's lookup and the trace page: one indexed probe by code, then the numbers, the
   * trace and the open rework side by side (each on its own pooled connection outside a
   * transaction: two round trips of latency instead of nine).
   */
  async detail(manager: EntityManager, code: string): Promise<BundleDetail | null> {
    const rows = await this.rows(manager, `lower(b.code) = lower($1) AND NOT b.voided`, [code]);
    if (rows.length === 0) return null;
    const [flows, trace, rework] = await Promise.all([this.flows(manager, rows), this.trace(manager, rows[0].id), this.openRework(manager, rows[0].id)]);
    const [record] = await this.records(manager, rows, flows);
    return { ...record, steps: flows.get(rows[0].id)!.steps, trace, rework };
  }

  /** The record of one bundle by id (after a scan). */
  async recordById(manager: EntityManager, id: number): Promise<BundleRecord> {
    const rows = await this.rows(manager, `b.id = $1`, [id]);
    return (await this.records(manager, rows))[0];
  }

  async list(
    manager: EntityManager,
    filter: { orderId?: number; colorId?: number; sizeId?: number; processId?: number; stuck?: boolean; page: number; pageSize: number },
  ): Promise<ListPage<BundleRecord>> {
    const where = ['NOT b.voided'];
    const values: unknown[] = [];
    const add = (condition: (n: string) => string, value: unknown) => {
      values.push(value);
      where.push(condition(`$${values.length}`));
    };
    if (filter.orderId !== undefined) add((n) => `b.order_id = ${n}`, filter.orderId);
    if (filter.colorId !== undefined) add((n) => `b.color_id = ${n}`, filter.colorId);
    if (filter.sizeId !== undefined) add((n) => `b.size_id = ${n}`, filter.sizeId);
    const inMemory = filter.processId !== undefined || filter.stuck !== undefined;
    if (filter.processId !== undefined) {
      // Necessary for being there: good pieces recorded at the process (the rest is computed).
      add((n) => `EXISTS (SELECT 1 FROM scan s WHERE s.bundle_id = b.id AND s.process_id = ${n} AND s.counts_progress)`, filter.processId);
    }
    if (filter.stuck === true) {
      const hours = (await this.settings.productionSettings(manager)).bundleStuckHours;
      add((n) => `coalesce(b.last_scan_at, b.created_at) < now() - make_interval(hours => ${n}::int)`, hours);
    }
    const condition = where.join(' AND ');
    if (!inMemory) {
      const [{ total }] = await manager.query(`SELECT count(*)::int AS total FROM bundle b WHERE ${condition}`, values);
      const rows = await this.rows(manager, condition, values, `ORDER BY b.order_id DESC, b.bundle_no LIMIT ${filter.pageSize} OFFSET ${(filter.page - 1) * filter.pageSize}`);
      return { list: await this.records(manager, rows), total, page: filter.page, pageSize: filter.pageSize };
    }
    const rows = await this.rows(manager, condition, values, `ORDER BY b.order_id DESC, b.bundle_no LIMIT ${MAX_FILTERED_ROWS}`);
    const matching = (await this.records(manager, rows)).filter(
      (record) => (filter.processId === undefined || record.processId === filter.processId) && (filter.stuck === undefined || record.stuck === filter.stuck),
    );
    const start = (filter.page - 1) * filter.pageSize;
    return { list: matching.slice(start, start + filter.pageSize), total: matching.length, page: filter.page, pageSize: filter.pageSize };
  }

  /** Pieces open per process (and per order × process) over the live bundles of one order, or of every open order. */
  async wip(manager: EntityManager, orderId?: number): Promise<WipSummary> {
    const rows =
      orderId !== undefined
        ? await this.rows(manager, `NOT b.voided AND b.order_id = $1`, [orderId])
        : await this.rows(manager, `NOT b.voided AND NOT o.completed AND NOT o.hidden`, []);
    const settings = productionSettingsOf(await this.settings.productionSettings(manager));
    const flows = await this.flows(manager, rows);
    const cutoff = Date.now() - settings.bundleStuckHours * 3_600_000;
    const processes = new Map<number, WipSummary['processes'][number]>();
    const orders = new Map<string, WipSummary['orders'][number]>();
    for (const row of rows) {
      const { steps } = flows.get(row.id)!;
      const stuck = isStuck(row, steps, cutoff);
      for (const step of steps) {
        if (step.open <= 0) continue;
        const perProcess = processes.get(step.processId) ?? { processId: step.processId, processName: step.processName, bundles: 0, pieces: 0, stuck: 0 };
        const key = `${row.orderId}:${step.processId}`;
        const perOrder = orders.get(key) ?? { orderId: row.orderId, processId: step.processId, processName: step.processName, bundles: 0, pieces: 0, stuck: 0 };
        for (const wip of [perProcess, perOrder]) {
          wip.bundles += 1;
          wip.pieces += step.open;
          if (stuck) wip.stuck += 1;
        }
        processes.set(step.processId, perProcess);
        orders.set(key, perOrder);
      }
    }
    return { processes: [...processes.values()], orders: [...orders.values()], stuckHours: settings.bundleStuckHours };
  }

  /** Records of bundle rows (where each is, finished, stuck). */
  async records(manager: EntityManager, rows: Row[], known?: Flows): Promise<BundleRecord[]> {
    if (rows.length === 0) return [];
    const [settings, flows] = await Promise.all([this.settings.productionSettings(manager), known ?? this.flows(manager, rows)]);
    const cutoff = Date.now() - productionSettingsOf(settings).bundleStuckHours * 3_600_000;
    return rows.map((row) => {
      const { steps } = flows.get(row.id)!;
      const at = whereIs(steps);
      return {
        id: row.id,
        code: row.code,
        orderId: row.orderId,
        orderNo: row.orderNo,
        bundleNo: row.bundleNo,
        layId: row.layId,
        layNo: row.layNo,
        styleCode: row.styleCode,
        styleName: row.styleName,
        colorId: row.colorId,
        colorName: row.colorName,
        sizeId: row.sizeId,
        sizeName: row.sizeName,
        quantity: row.quantity,
        rejected: row.rejected,
        atRework: steps.reduce((total, step) => total + step.atRework, 0),
        processId: at?.processId ?? null,
        processName: at?.processName ?? null,
        processDone: at?.done ?? 0,
        lastScanAt: row.lastScanAt,
        lastWorkerName: row.lastWorkerName,
        finished: isFinished(steps),
        stuck: isStuck(row, steps, cutoff),
      };
    });
  }

  async rows(manager: EntityManager, condition: string, values: unknown[], tail = ''): Promise<Row[]> {
    const rows: Row[] = await manager.query(`SELECT ${BUNDLE_ROW}, b.created_at AS "createdAt" FROM ${BUNDLE_FROM} WHERE ${condition} ${tail}`, values);
    return rows.map((row) => ({
      ...row,
      lastScanAt: row.lastScanAt ? new Date(row.lastScanAt).toISOString() : null,
      createdAt: new Date(row.createdAt).toISOString(),
    }));
  }

  /** Each bundle's steps from its scans and defect lots, three statements for any number of bundles (plus one route per order). */
  private async flows(manager: EntityManager, rows: Row[]): Promise<Flows> {
    const ids = rows.map((row) => row.id);
    const orderIds = [...new Set(rows.map((row) => row.orderId))];
    const [sums, defects, settings, orderRoutes] = await Promise.all([
      manager.query(
        `SELECT bundle_id::int AS "bundleId", process_id AS "processId", sum(quantity)::int AS done FROM scan
          WHERE bundle_id = ANY($1::bigint[]) AND counts_progress GROUP BY bundle_id, process_id`,
        [ids],
      ) as Promise<{ bundleId: number; processId: number; done: number }[]>,
      manager.query(
        `SELECT id::int AS id, bundle_id::int AS "bundleId", qc_process_id AS "qcProcessId", disposition, rework_process_id AS "reworkProcessId", quantity, reworked
           FROM bundle_defect WHERE bundle_id = ANY($1::bigint[]) ORDER BY id`,
        [ids],
      ) as Promise<(DefectLot & { bundleId: number })[]>,
      this.settings.productionSettings(manager),
      Promise.all(orderIds.map((orderId) => this.scans.route(manager, orderId))),
    ]);
    const routes = new Map<number, RouteStepState[]>(orderIds.map((orderId, index) => [orderId, orderRoutes[index]]));
    const scanInOrder = productionSettingsOf(settings).scanInOrder;
    const result = new Map<number, { steps: BundleStep[]; defects: DefectLot[]; route: RouteStepState[] }>();
    const lotsOf = new Map<number, DefectLot[]>();
    for (const { bundleId, ...lot } of defects) lotsOf.set(bundleId, [...(lotsOf.get(bundleId) ?? []), lot]);
    const doneOf = new Map<number, Map<number, number>>();
    for (const sum of sums) doneOf.set(sum.bundleId, (doneOf.get(sum.bundleId) ?? new Map<number, number>()).set(sum.processId, sum.done));
    for (const row of rows) {
      const route = routes.get(row.orderId)!;
      const lots = lotsOf.get(row.id) ?? [];
      const done = doneOf.get(row.id) ?? new Map<number, number>();
      result.set(row.id, { steps: bundleSteps({ route, quantity: row.quantity, done, defects: lots, scanInOrder }), defects: lots, route });
    }
    return result;
  }

  /** The open rework lots of the bundle, oldest first, with the names the station shows. */
  private async openRework(manager: EntityManager, bundleId: number): Promise<OpenRework[]> {
    return manager.query(
      `SELECT d.id::int AS "defectId", d.qc_process_id AS "qcProcessId", d.rework_process_id AS "reworkProcessId", p.name AS "reworkProcessName",
              t.name AS "defectTypeName", (d.quantity - d.reworked) AS quantity, ${WORKER('w')} AS "responsibleWorkerName"
         FROM bundle_defect d
         JOIN process p ON p.id = d.rework_process_id
         JOIN defect_type t ON t.id = d.defect_type_id
         LEFT JOIN app_user w ON w.id = d.responsible_worker_id
        WHERE d.bundle_id = $1 AND d.disposition = 'rework' AND d.reworked < d.quantity
        ORDER BY d.id`,
      [bundleId],
    );
  }

  /** The bundle's history: its scans (normal, rework, charge-backs, correcting entries) and defects, in time order. */
  private async trace(manager: EntityManager, bundleId: number): Promise<BundleEvent[]> {
    const rows: (BundleEvent & { at: Date | string })[] = await manager.query(
      `SELECT * FROM (
         SELECT CASE WHEN s.reverses_id IS NOT NULL THEN 'reversal' WHEN s.kind = 'normal' THEN 'scan' ELSE s.kind END AS kind,
                s.scanned_at AS at, s.process_id AS "processId", p.name AS "processName", s.quantity, s.worker_id AS "workerId",
                ${WORKER('w')} AS "workerName", s.scan_id AS "scanId", NULL AS "defectTypeName", NULL AS disposition,
                NULL AS "reworkProcessName", NULL AS "inspectorName", s.id AS seq, 0 AS part
           FROM scan s JOIN process p ON p.id = s.process_id LEFT JOIN app_user w ON w.id = s.worker_id
          WHERE s.bundle_id = $1
         UNION ALL
         SELECT 'defect', d.recorded_at, d.qc_process_id, p.name, d.quantity, d.responsible_worker_id, ${WORKER('w')}, NULL,
                t.name, d.disposition, rp.name, ${WORKER('i')}, d.id, 1
           FROM bundle_defect d
           JOIN process p ON p.id = d.qc_process_id
           JOIN defect_type t ON t.id = d.defect_type_id
           JOIN bundle_inspection bi ON bi.id = d.inspection_id
           LEFT JOIN process rp ON rp.id = d.rework_process_id
           LEFT JOIN app_user w ON w.id = d.responsible_worker_id
           LEFT JOIN app_user i ON i.id = bi.inspector_id
          WHERE d.bundle_id = $1
       ) e ORDER BY e.at, e.part, e.seq`,
      [bundleId],
    );
    return rows.map(({ at, ...row }) => {
      const event = row as BundleEvent & { seq?: unknown; part?: unknown };
      delete event.seq;
      delete event.part;
      if (event.kind !== 'defect') {
        delete event.defectTypeName;
        delete event.disposition;
        delete event.reworkProcessName;
        delete event.inspectorName;
      }
      return { ...event, at: new Date(at).toISOString() };
    });
  }
}

/** Not finished and not moved (last scan, else made) for the configured hours. */
function isStuck(row: Row, steps: BundleStep[], cutoff: number): boolean {
  return !isFinished(steps) && Date.parse(row.lastScanAt ?? row.createdAt) < cutoff;
}
