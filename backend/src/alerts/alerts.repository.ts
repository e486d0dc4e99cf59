import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import {
  NOTIFICATION_PAGE,
  PACE_WINDOW_DAYS,
  projectFinish,
  type DelayAlert,
  type DelayAlertDetail,
  type DelayAlertKind,
  type NotificationList,
} from '../../../contracts/alerts.js';
import { PERMISSION_ADMIN } from '../../../contracts/users.js';
import { effectivePermissionsSql } from '../role/access-rules.js';
import { shiftDay, startOfLocalDay } from '../progress/calendar.js';
import { localDay } from '../progress/progress-math.js';

/** An alert whose cause holds now (contracts/alerts.ts), before it is raised. */
export interface WantedAlert {
  kind: DelayAlertKind;
  orderId: number;
  processId: number | null;
  detail: DelayAlertDetail;
}

export interface OpenAlertKey {
  id: number;
  kind: DelayAlertKind;
  orderId: number;
  processId: number | null;
}

/** Identifies an alert's cause within all orders: one open alert per key. */
export const alertKey = (alert: { kind: DelayAlertKind; orderId: number; processId: number | null }): string =>
  `${alert.kind}:${alert.orderId}:${alert.processId ?? ''}`;

interface AlertRow {
  id: number;
  kind: DelayAlertKind;
  orderId: number;
  orderNo: string;
  processId: number | null;
  processName: string | null;
  raisedAt: Date;
  clearedAt: Date | null;
  detail: DelayAlertDetail;
}

const ALERT_VIEW = `
  SELECT a.id, a.kind, a.order_id AS "orderId", o.order_no AS "orderNo", a.process_id AS "processId", p.name AS "processName",
         a.raised_at AS "raisedAt", a.cleared_at AS "clearedAt", a.detail
    FROM delay_alert a
    JOIN production_order o ON o.id = a.order_id
    LEFT JOIN process p ON p.id = a.process_id`;

export function toDelayAlert(row: AlertRow): DelayAlert {
  return { ...row, raisedAt: row.raisedAt.toISOString(), clearedAt: row.clearedAt ? row.clearedAt.toISOString() : null };
}

/** The filter "only these orders" ($n null = every order). */
const orderFilter = (column: string, parameter: number) => `($${parameter}::int[] IS NULL OR ${column} = ANY ($${parameter}::int[]))`;

/**
 * SQL of delay alerts: what should be open (read from steps and scans), what is open, raising,
 * clearing, and each user's notifications. Services never see TypeORM beyond the manager they pass.
 */
@Injectable()
export class AlertsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  /** Alerts whose cause holds at `now` for shown, open orders (all, or only `orderIds`). */
  async wanted(manager: EntityManager, now: Date, orderIds: number[] | null): Promise<WantedAlert[]> {
    const today = localDay(now);
    // Step status `delayed` (contracts/production.ts stepStatus), for steps with a plan.
    const overdue: { orderId: number; processId: number; dueDate: string; planned: number; done: number; deliveryDate: string }[] = await manager.query(
      `SELECT s.order_id AS "orderId", s.process_id AS "processId", to_char(s.due_date, 'YYYY-MM-DD') AS "dueDate",
              s.planned_quantity AS planned, s.done_quantity AS done, to_char(o.delivery_date, 'YYYY-MM-DD') AS "deliveryDate"
         FROM production_order_step s
         JOIN production_order o ON o.id = s.order_id
        WHERE NOT o.hidden AND NOT o.completed AND s.planned_quantity > 0 AND s.done_quantity < s.planned_quantity
          AND s.due_date < $1::date AND ${orderFilter('o.id', 2)}`,
      [today, orderIds],
    );
    const wanted: WantedAlert[] = overdue.map((step) => ({
      kind: 'stepOverdue',
      orderId: step.orderId,
      processId: step.processId,
      detail: { deliveryDate: step.deliveryDate, dueDate: step.dueDate, planned: step.planned, done: step.done },
    }));

    // The projection's inputs, only for orders with a step under way (others have no pace). The
    // window sum reads the order's scans through scan_order_index; the pace is the process's
    // progress, so scans of earlier sub-processes (counts_progress false) are not counted.
    const windowStart = new Date(now.getTime() - PACE_WINDOW_DAYS * 86_400_000);
    const steps: { orderId: number; deliveryDate: string; sequence: number; endProcess: boolean; planned: number; done: number; windowPieces: number }[] =
      await manager.query(
        `SELECT o.id AS "orderId", to_char(o.delivery_date, 'YYYY-MM-DD') AS "deliveryDate", s.sequence, p.end_process AS "endProcess",
                s.planned_quantity AS planned, s.done_quantity AS done,
                coalesce((SELECT sum(sc.quantity) FROM scan sc
                           WHERE sc.order_id = o.id AND sc.process_id = s.process_id AND sc.counts_progress
                             AND sc.scanned_at > $1 AND sc.scanned_at <= $2), 0)::int AS "windowPieces"
           FROM production_order o
           JOIN production_order_step s ON s.order_id = o.id
           JOIN process p ON p.id = s.process_id
          WHERE NOT o.hidden AND NOT o.completed AND ${orderFilter('o.id', 3)}
            AND EXISTS (SELECT 1 FROM production_order_step x WHERE x.order_id = o.id AND x.done_quantity > 0 AND x.done_quantity < x.planned_quantity)
          ORDER BY o.id, s.sequence`,
        [windowStart, now, orderIds],
      );
    const byOrder = new Map<number, typeof steps>();
    for (const step of steps) byOrder.set(step.orderId, [...(byOrder.get(step.orderId) ?? []), step]);
    for (const [orderId, route] of byOrder) {
      const end = route.find((step) => step.endProcess) ?? route[route.length - 1];
      const deliveryDate = route[0].deliveryDate;
      const projection = projectFinish({
        remaining: Math.max(0, end.planned - end.done),
        windowPieces: route.filter((step) => step.done > 0 && step.done < step.planned).map((step) => step.windowPieces),
        now,
        deliveryEnd: startOfLocalDay(shiftDay(deliveryDate, 1)),
      });
      if (!projection?.atRisk) continue;
      wanted.push({
        kind: 'deliveryAtRisk',
        orderId,
        processId: null,
        detail: {
          deliveryDate,
          remaining: Math.max(0, end.planned - end.done),
          pacePerDay: Math.round(projection.pacePerDay * 100) / 100,
          projectedFinish: projection.projectedFinish?.toISOString() ?? null,
        },
      });
    }
    return wanted;
  }

  async open(manager: EntityManager, orderIds: number[] | null): Promise<OpenAlertKey[]> {
    return manager.query(
      `SELECT id, kind, order_id AS "orderId", process_id AS "processId" FROM delay_alert WHERE cleared_at IS NULL AND ${orderFilter('order_id', 1)}`,
      [orderIds],
    );
  }

  /**
   * Locks the order like a scan does (FOR NO KEY UPDATE): the cause is re-read and the alert
   * raised or cleared while no scan or change of this order can commit in between. False when the
   * order is gone.
   */
  async lockOrder(manager: EntityManager, orderId: number): Promise<boolean> {
    const rows: unknown[] = await manager.query(`SELECT id FROM production_order WHERE id = $1 FOR NO KEY UPDATE`, [orderId]);
    return rows.length > 0;
  }

  /** Raises the alert unless it is already open (the partial unique index decides); null then. */
  async raise(manager: EntityManager, alert: WantedAlert, now: Date): Promise<DelayAlert | null> {
    const inserted: { id: number }[] = await manager.query(
      `INSERT INTO delay_alert (kind, order_id, process_id, detail, raised_at) VALUES ($1, $2, $3, $4::jsonb, $5)
       ON CONFLICT (kind, order_id, process_id) WHERE cleared_at IS NULL DO NOTHING
       RETURNING id`,
      [alert.kind, alert.orderId, alert.processId, JSON.stringify(alert.detail), now],
    );
    if (inserted.length === 0) return null;
    const rows: AlertRow[] = await manager.query(`${ALERT_VIEW} WHERE a.id = $1`, [inserted[0].id]);
    return toDelayAlert(rows[0]);
  }

  /**
   * One notification per responsible user (contracts/alerts.ts "Who is told"): the merchandiser
   * mapped to users by phone or name, the leads of the late process (never a permission
   * administrator, whose process list is "everything" so that they can scan anything), the
   * order's followers.
   */
  async notify(manager: EntityManager, alert: DelayAlert, now: Date): Promise<{ id: number; userId: number }[]> {
    return manager.query(
      `INSERT INTO user_notification (user_id, alert_id, created_at)
       SELECT u.id, $1, $4 FROM app_user u
        WHERE u.enabled AND (
              EXISTS (SELECT 1 FROM production_order o
                        JOIN sale_order so ON so.id = o.sale_order_id
                        JOIN merchandiser m ON m.id = so.merchandiser_id
                       WHERE o.id = $2
                         AND ((btrim(m.phone) <> '' AND btrim(u.mobile) = btrim(m.phone))
                           OR (btrim(m.name) <> '' AND lower(btrim(u.nickname)) = lower(btrim(m.name)))))
           OR ($3::int IS NOT NULL AND $3::int = ANY (u.process_ids)
               AND EXISTS (SELECT 1 FROM (SELECT ${effectivePermissionsSql('u')} AS granted) e
                            WHERE 'Schedule' = ANY (e.granted) AND NOT ('${PERMISSION_ADMIN}' = ANY (e.granted))))
           OR EXISTS (SELECT 1 FROM production_order_follower f WHERE f.order_id = $2 AND f.user_id = u.id))
       ON CONFLICT (alert_id, user_id) DO NOTHING
       RETURNING id, user_id AS "userId"`,
      [alert.id, alert.orderId, alert.processId, now],
    );
  }

  /** Clears the alert if it is still open (another instance may have been first); its view, or null. */
  async clear(manager: EntityManager, id: number, now: Date): Promise<{ clearedAt: string } | null> {
    // UPDATE … RETURNING comes back as [rows, count].
    const [rows]: [{ clearedAt: Date }[], number] = await manager.query(
      `UPDATE delay_alert SET cleared_at = $2 WHERE id = $1 AND cleared_at IS NULL RETURNING cleared_at AS "clearedAt"`,
      [id, now],
    );
    return rows.length ? { clearedAt: rows[0].clearedAt.toISOString() } : null;
  }

  /** Users who were told about the alert (their bells mark it resolved when it clears). */
  async toldAbout(manager: EntityManager, alertId: number): Promise<number[]> {
    const rows: { userId: number }[] = await manager.query(`SELECT user_id AS "userId" FROM user_notification WHERE alert_id = $1 ORDER BY user_id`, [alertId]);
    return rows.map((row) => row.userId);
  }

  async openAlerts(): Promise<DelayAlert[]> {
    const rows: AlertRow[] = await this.dataSource.query(`${ALERT_VIEW} WHERE a.cleared_at IS NULL ORDER BY a.raised_at, a.id`);
    return rows.map(toDelayAlert);
  }

  async notificationsOf(userId: number): Promise<NotificationList> {
    const rows: (AlertRow & { notificationId: number; createdAt: Date; readAt: Date | null })[] = await this.dataSource.query(
      `SELECT n.id AS "notificationId", n.created_at AS "createdAt", n.read_at AS "readAt", v.*
         FROM user_notification n
         JOIN (${ALERT_VIEW}) v ON v.id = n.alert_id
        WHERE n.user_id = $1
        ORDER BY n.id DESC
        LIMIT ${NOTIFICATION_PAGE}`,
      [userId],
    );
    const items = rows.map(({ notificationId, createdAt, readAt, ...alert }) => ({
      id: notificationId,
      createdAt: createdAt.toISOString(),
      readAt: readAt ? readAt.toISOString() : null,
      alert: toDelayAlert(alert),
    }));
    return { userId, items, unread: await this.unreadOf(userId) };
  }

  async unreadOf(userId: number): Promise<number> {
    const rows: { unread: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS unread FROM user_notification WHERE user_id = $1 AND read_at IS NULL`,
      [userId],
    );
    return rows[0].unread;
  }

  /** Marks one of the user's own notifications read; false when it is not theirs (or does not exist). */
  async markRead(userId: number, id: number, now: Date): Promise<boolean> {
    const [rows]: [unknown[], number] = await this.dataSource.query(
      `UPDATE user_notification SET read_at = coalesce(read_at, $3) WHERE id = $1 AND user_id = $2 RETURNING id`,
      [id, userId, now],
    );
    return rows.length > 0;
  }

  async markAllRead(userId: number, now: Date): Promise<void> {
    await this.dataSource.query(`UPDATE user_notification SET read_at = $2 WHERE user_id = $1 AND read_at IS NULL`, [userId, now]);
  }

  /** False when the order does not exist. */
  async follow(userId: number, orderId: number): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `INSERT INTO production_order_follower (order_id, user_id)
       SELECT id, $2 FROM production_order WHERE id = $1
       ON CONFLICT DO NOTHING
       RETURNING order_id`,
      [orderId, userId],
    );
    return rows.length > 0 || this.orderExists(orderId);
  }

  /** False when the order does not exist (whether or not it was followed). */
  async unfollow(userId: number, orderId: number): Promise<boolean> {
    await this.dataSource.query(`DELETE FROM production_order_follower WHERE order_id = $1 AND user_id = $2`, [orderId, userId]);
    return this.orderExists(orderId);
  }

  private async orderExists(orderId: number): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(`SELECT 1 FROM production_order WHERE id = $1`, [orderId]);
    return rows.length > 0;
  }

  async followedBy(userId: number): Promise<number[]> {
    const rows: { orderId: number }[] = await this.dataSource.query(
      `SELECT order_id AS "orderId" FROM production_order_follower WHERE user_id = $1 ORDER BY order_id`,
      [userId],
    );
    return rows.map((row) => row.orderId);
  }
}
