// The raw `pg` baseline: what a whole-order scan costs the database, with no framework around
// it. Each variant issues the statements the scan endpoint issues (the guard's session query,
// then the scan's transaction), in the same order, with payloads of the same size, on a
// dedicated pool of the app's size.
import type { PoolClient } from 'pg';
import { SCAN_STATEMENTS } from '../../src/scan/scan.repository.js';

export interface RawScan {
  scanId: string;
  orderId: number;
  processId: number;
  userId: number;
}

/** `pipeline`: the variant's pool runs pg's pipeline mode, as the app's does (DB_PIPELINE). */
type RawScanFn = ((client: PoolClient, scan: RawScan) => Promise<void>) & { statements: number; label: string; pipeline: boolean };

function variant(label: string, statements: number, fn: (client: PoolClient, scan: RawScan) => Promise<void>, pipeline = false): RawScanFn {
  return Object.assign(fn, { statements, label, pipeline });
}

// Payloads shaped like the real ones (the stored answer and the event).
function resultJson(scan: RawScan, id: number): string {
  const now = new Date().toISOString();
  return JSON.stringify({
    scan: {
      id,
      scanId: scan.scanId,
      orderId: scan.orderId,
      orderNo: 'PO-SCAN-0001',
      processId: scan.processId,
      processName: 'Cutting',
      quantity: 1,
      colorId: null,
      colorName: null,
      sizeId: null,
      sizeName: null,
      workerId: scan.userId,
      workerName: 'admin',
      deviceId: 'bench-station',
      reversesScanId: null,
      reversed: false,
      note: '',
      flagged: false,
      scannedAt: now,
      recordedAt: now,
      recordedBy: 'admin',
    },
    step: { processId: scan.processId, sequence: 1, dueDate: '2099-12-20', planned: 100000, done: 1, status: 'partial', firstScanAt: now, lastScanAt: now },
    order: { id: scan.orderId, orderNo: 'PO-SCAN-0001', completed: false, finishRate: 0.1 },
    warnings: [],
  });
}

function eventJson(scan: RawScan): string {
  const now = new Date().toISOString();
  return JSON.stringify({
    orderId: scan.orderId,
    orderNo: 'PO-SCAN-0001',
    processId: scan.processId,
    quantity: 1,
    scanId: scan.scanId,
    step: { processId: scan.processId, sequence: 1, dueDate: '2099-12-20', planned: 100000, done: 1, status: 'partial', firstScanAt: now, lastScanAt: now },
    order: { finishRate: 0.1, completed: false, completedAt: null, status: 'partial', delayDays: 0, lastActivityAt: now },
  });
}

const SESSION = `SELECT s.id AS session_id, u.id AS user_id, u.username, u.permissions, u.process_ids, u.attachment_process_ids
   FROM user_session s JOIN app_user u ON u.id = s.user_id
  WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now() AND u.enabled`;
const EVENT = `INSERT INTO domain_event (name, rooms, payload) VALUES ($1, $2::text[], $3::jsonb) RETURNING seq, name, rooms, payload, created_at`;
const roomsOf = (scan: RawScan) => ['board', 'statistics', `order:${scan.orderId}`, `process:${scan.processId}`];

/** The scan endpoint as first committed (a2afa76): 1 session query + 12 statements in the transaction. */
const v1 = variant('as committed: session query + 12 statements', 13, async (client, scan) => {
  await client.query(SESSION, ['0'.repeat(64)]);
  await client.query('START TRANSACTION');
  try {
    await client.query(
      `SELECT s.id::int AS id, s.order_id AS "orderId", o.order_no AS "orderNo", s.process_id AS "processId", s.quantity,
              s.color_id AS "colorId", s.size_id AS "sizeId", s.worker_id AS "workerId", s.reverses_id::int AS "reversesId", s.result
         FROM scan s JOIN production_order o ON o.id = s.order_id WHERE s.scan_id = $1`,
      [scan.scanId],
    );
    await client.query(
      `SELECT id, order_no AS "orderNo", hidden, reviewed, document IS NOT NULL AS "hasDocument", completed,
              completed_at AS "completedAt", to_char(delivery_date, 'YYYY-MM-DD') AS "deliveryDate"
         FROM production_order WHERE id = $1 FOR NO KEY UPDATE`,
      [scan.orderId],
    );
    await client.query(
      `SELECT s.process_id AS "processId", s.sequence, to_char(s.due_date, 'YYYY-MM-DD') AS "dueDate",
              s.planned_quantity AS planned, s.done_quantity AS done, s.first_scan_at AS "firstScanAt", s.last_scan_at AS "lastScanAt",
              p.name AS "processName", p.code AS "processCode", p.end_process AS "endProcess",
              p.warehouse_in AS "warehouseIn", p.warehouse_out AS "warehouseOut"
         FROM production_order_step s JOIN process p ON p.id = s.process_id
        WHERE s.order_id = $1 ORDER BY s.sequence`,
      [scan.orderId],
    );
    await client.query(`SELECT value FROM system_setting WHERE key = $1`, ['production.settings']);
    await client.query(`SELECT coalesce(nullif(nickname, ''), username) AS name FROM app_user WHERE id = $1 AND enabled`, [scan.userId]);
    const [{ id }] = (await client.query<{ id: string }>(`SELECT nextval('scan_id_seq') AS id`)).rows;
    const now = new Date();
    await client.query(
      `INSERT INTO scan (id, scan_id, order_id, process_id, quantity, color_id, size_id, worker_id, device_id, reverses_id,
                         note, flagged, scanned_at, recorded_by, result)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15::jsonb)
       ON CONFLICT (scan_id) DO NOTHING RETURNING id`,
      [id, scan.scanId, scan.orderId, scan.processId, 1, null, null, scan.userId, 'bench-station', null, '', false, now, scan.userId, resultJson(scan, Number(id))],
    );
    await client.query(
      `UPDATE production_order_step
          SET done_quantity = done_quantity + $3,
              first_scan_at = CASE WHEN first_scan_at IS NULL OR first_scan_at > $4 THEN $4 ELSE first_scan_at END,
              last_scan_at = CASE WHEN last_scan_at IS NULL OR last_scan_at < $4 THEN $4 ELSE last_scan_at END
        WHERE order_id = $1 AND process_id = $2`,
      [scan.orderId, scan.processId, 1, now],
    );
    await client.query(`UPDATE production_order SET last_activity_at = $2, completed = $3, completed_at = $4 WHERE id = $1`, [scan.orderId, now, false, null]);
    await client.query(EVENT, ['production.progressed', roomsOf(scan), eventJson(scan)]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
});

const openValues = (scan: RawScan) => [scan.scanId, scan.orderId, null, scan.userId, SCAN_STATEMENTS.productionSettingsKey];
/** The write's statement and parameters, as ScanRepository.write builds them for one event. */
const write = (scan: RawScan) => {
  const now = new Date();
  const statement = SCAN_STATEMENTS.write([{ name: 'production.progressed', rooms: roomsOf(scan), payload: JSON.parse(eventJson(scan)) }]);
  return {
    name: statement.name,
    text: statement.text,
    values: [
      ...[scan.scanId, scan.orderId, scan.processId, 1, null, null, scan.userId, 'bench-station', null, '', false, now, scan.userId],
      ...[resultJson(scan, 0), now, false, null],
      // step, piece rate, the pay summary's day (UTC day: the bench does not read pay), moves progress, no bundle, a normal scan.
      ...[null, null, now.toISOString().slice(0, 10), true, null, 'normal'],
      // The order's stage totals (values of the real shape; the bench does not read them).
      ...[1, null, null, null],
      ...statement.eventValues,
    ],
  };
};

async function inTransaction(client: PoolClient, work: () => Promise<void>): Promise<void> {
  await client.query('START TRANSACTION');
  try {
    await work();
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}

/**
 * The scan endpoint now: the session query (unprepared: the guard's), then 5 statements in the
 * transaction — START TRANSACTION, open (scan id lookup + order lock + settings + worker), route,
 * one write (scan, counters, order, event) as named prepared statements, COMMIT. The statements
 * are ScanRepository's own (SCAN_STATEMENTS).
 */
const v2 = variant('now: session query + 5 statements, 3 of them prepared', 6, async (client, scan) => {
  await client.query(SESSION, ['0'.repeat(64)]);
  await inTransaction(client, async () => {
    await client.query({ ...SCAN_STATEMENTS.open, values: openValues(scan) });
    await client.query({ ...SCAN_STATEMENTS.route, values: [scan.orderId] });
    await client.query(write(scan));
  });
});

/** As now, with the guard's session query prepared too (not done: auth is another module). */
const v2s = variant('now + the session query prepared', 6, async (client, scan) => {
  await client.query({ name: 'session', text: SESSION, values: ['0'.repeat(64)] });
  await inTransaction(client, async () => {
    await client.query({ ...SCAN_STATEMENTS.open, values: openValues(scan) });
    await client.query({ ...SCAN_STATEMENTS.route, values: [scan.orderId] });
    await client.query(write(scan));
  });
});

/**
 * The scan endpoint now on a pipelining connection (UnitOfWork's pipelined transaction): the
 * session query, then BEGIN, open and route sent together, then the write and COMMIT together —
 * 3 round trips for the same 6 statements.
 */
const v3 = variant(
  'now, pipelined: session query, then BEGIN + open + route, then write + COMMIT',
  6,
  async (client, scan) => {
    await client.query(SESSION, ['0'.repeat(64)]);
    await Promise.all([client.query('BEGIN'), client.query({ ...SCAN_STATEMENTS.open, values: openValues(scan) }), client.query({ ...SCAN_STATEMENTS.route, values: [scan.orderId] })]);
    await Promise.all([client.query(write(scan)), client.query('COMMIT')]);
  },
  true,
);

export const RAW_VARIANTS = { v1, v2, v2s, v3 } as const;
export type RawVariant = keyof typeof RAW_VARIANTS;
