import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ALERT_EVALUATE_EVERY_MS } from '../../../contracts/alerts.js';
import { ROOMS, type DomainEventEnvelope, type ProductionOrderChanged, type ProgressRecorded } from '../../../contracts/events.js';
import { EventBus } from '../events/event-bus.service.js';
import { UnitOfWork } from '../events/unit-of-work.service.js';
import { AlertClock } from './alert-clock.js';
import { alertKey, AlertsRepository, type OpenAlertKey, type WantedAlert } from './alerts.repository.js';

/**
 * Runs scoped to the orders of committed scans start at most this often. Each run reads the
 * touched orders' steps and their scans of the pace window; at hundreds of scans a second, back to
 * back, that was a tenth of the server's and a fifth of PostgreSQL's work per scan in the scan
 * bench. An alert a second late is still live; a lone scan is evaluated at once.
 */
export const SCOPED_RUN_EVERY_MS = 1000;

export interface EvaluationResult {
  raised: number;
  cleared: number;
}

/**
 * Raises and clears delay alerts (contracts/alerts.ts). Runs after committed scans and order
 * changes this instance delivers (an in-process sink on the EventBus, scoped to those orders, at
 * most once a second: SCOPED_RUN_EVERY_MS) and every minute over all orders, for due dates that
 * pass with no event. Evaluations on one instance run one after another; across instances the
 * database decides (unique open alert, conditional clear), so the timer on every instance is
 * harmless.
 */
@Injectable()
export class AlertEvaluator implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('DelayAlerts');
  private timer?: NodeJS.Timeout;
  private chain: Promise<unknown> = Promise.resolve();
  /** Orders changed since the queued scoped run started (merged: a burst of scans is one run). */
  private readonly pending = new Set<number>();
  /** Work in progress under `whileHeld` (nested calls count). */
  private holds = 0;
  /** When the last scoped run started (performance.now), and the timer of the next one. */
  private lastScopedStart = -Infinity;
  private scopedTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly repository: AlertsRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: AlertClock,
    bus: EventBus,
  ) {
    bus.register({ deliver: (events) => this.onCommitted(events), endSessions: () => undefined, endBoardKeySockets: () => undefined });
  }

  onApplicationBootstrap(): void {
    // Once at boot (due dates passed while no instance ran), then every minute.
    this.runInBackground(() => this.evaluate(null));
    this.timer = setInterval(() => this.runInBackground(() => this.evaluate(null)), ALERT_EVALUATE_EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
    if (this.scopedTimer) clearTimeout(this.scopedTimer);
  }

  /** Starts a scoped run waiting for its turn now, and resolves when every evaluation queued has finished (tests wait on it). */
  async idle(): Promise<void> {
    let seen: Promise<unknown>;
    do {
      if (this.scopedTimer) {
        clearTimeout(this.scopedTimer);
        this.scopedTimer = null;
        this.startScopedRun();
      }
      seen = this.chain;
      await seen;
    } while (seen !== this.chain || this.scopedTimer);
  }

  /**
   * Runs `work` (a bulk load: the demo seeder, an import) with evaluation held, then evaluates all
   * orders once. Scanned step by step, an order passes through states that are not its final one
   * (cutting recorded, sewing due but not yet entered): evaluated after every scan it raised and
   * cleared an alert per step in passing — the demo merchandiser started with 135 notifications
   * of which 5 were still open. Held, only what holds at the end is raised and told.
   */
  async whileHeld<T>(work: () => Promise<T>): Promise<T> {
    this.holds += 1;
    try {
      return await work();
    } finally {
      this.holds -= 1;
      if (this.holds === 0) {
        this.pending.clear();
        this.runInBackground(() => this.evaluate(null));
      }
    }
  }

  /** Evaluates all orders now (the timer's run), after anything already queued. */
  evaluateAll(): Promise<EvaluationResult> {
    return this.enqueue(() => this.evaluate(null));
  }

  private onCommitted(events: DomainEventEnvelope[]): void {
    const orderIds = new Set<number>();
    for (const event of events) {
      if (event.name === 'production.progressed') orderIds.add((event.payload as ProgressRecorded).orderId);
      // Dates moved, hidden/shown, completed/reopened, the route changed. A deleted order takes
      // its alerts along (foreign key cascade).
      if (event.name === 'productionOrder.changed') {
        const change = event.payload as ProductionOrderChanged;
        if (change.action !== 'deleted') orderIds.add(change.id);
      }
    }
    if (orderIds.size === 0) return;
    // Orders already pending join the run that is waiting (it takes them when it starts).
    const queued = this.pending.size > 0;
    for (const id of orderIds) this.pending.add(id);
    if (queued) return;
    const wait = this.lastScopedStart + SCOPED_RUN_EVERY_MS - performance.now();
    if (wait <= 0) return this.startScopedRun();
    this.scopedTimer = setTimeout(() => {
      this.scopedTimer = null;
      this.startScopedRun();
    }, wait);
    this.scopedTimer.unref();
  }

  private startScopedRun(): void {
    this.runInBackground(() => {
      this.lastScopedStart = performance.now();
      const batch = [...this.pending];
      this.pending.clear();
      return this.evaluate(batch);
    });
  }

  /** A failure is logged by `enqueue`; nobody awaits this one. */
  private runInBackground(run: () => Promise<EvaluationResult>): void {
    this.enqueue(run).catch(() => undefined);
  }

  private enqueue(run: () => Promise<EvaluationResult>): Promise<EvaluationResult> {
    const next = this.chain.then(run);
    this.chain = next.catch((error: unknown) => this.logger.warn({ err: error }, 'delay alert evaluation failed'));
    return next;
  }

  /**
   * Compares the alerts whose cause holds with the open ones (two reads, no lock), then settles
   * each order that differs in a transaction of its own under the order's lock, re-reading the
   * cause there: a scan that finished the step meanwhile is seen.
   */
  private async evaluate(orderIds: number[] | null): Promise<EvaluationResult> {
    // Held: the run after the hold covers every order (whileHeld).
    if (this.holds > 0) return { raised: 0, cleared: 0 };
    const started = performance.now();
    const now = this.clock.now();
    const manager = this.repository.manager;
    const wanted = await this.repository.wanted(manager, now, orderIds);
    const open = await this.repository.open(manager, orderIds);
    const changed = differingOrders(wanted, open);
    const result: EvaluationResult = { raised: 0, cleared: 0 };
    for (const orderId of changed) {
      const settled = await this.settleOrder(orderId, now);
      result.raised += settled.raised;
      result.cleared += settled.cleared;
    }
    if (result.raised + result.cleared > 0) {
      const scope = orderIds ? `${orderIds.length} orders` : 'all orders';
      this.logger.log(`raised ${result.raised}, cleared ${result.cleared} (${scope}, ${Math.round(performance.now() - started)} ms)`);
    }
    return result;
  }

  private settleOrder(orderId: number, now: Date): Promise<EvaluationResult> {
    return this.unitOfWork.run(async (tx) => {
      const result: EvaluationResult = { raised: 0, cleared: 0 };
      if (!(await this.repository.lockOrder(tx.manager, orderId))) return result;
      const wanted = await this.repository.wanted(tx.manager, now, [orderId]);
      const open = await this.repository.open(tx.manager, [orderId]);
      const openKeys = new Set(open.map(alertKey));
      const wantedKeys = new Set(wanted.map(alertKey));
      for (const cause of wanted) {
        if (openKeys.has(alertKey(cause))) continue;
        const alert = await this.repository.raise(tx.manager, cause, now);
        if (!alert) continue;
        result.raised += 1;
        tx.publish('alert.raised', alert, [ROOMS.board, ROOMS.order(orderId)]);
        for (const notification of await this.repository.notify(tx.manager, alert, now)) {
          tx.publish('notification.created', { id: notification.id, createdAt: now.toISOString(), readAt: null, alert }, [ROOMS.user(notification.userId)]);
        }
      }
      for (const alert of open) {
        if (wantedKeys.has(alertKey(alert))) continue;
        const cleared = await this.repository.clear(tx.manager, alert.id, now);
        if (!cleared) continue;
        result.cleared += 1;
        tx.publish(
          'alert.cleared',
          { id: alert.id, kind: alert.kind, orderId, processId: alert.processId, clearedAt: cleared.clearedAt },
          [ROOMS.board, ROOMS.order(orderId), ...(await this.repository.toldAbout(tx.manager, alert.id)).map((userId) => ROOMS.user(userId))],
        );
      }
      return result;
    });
  }
}

/** Orders whose wanted alerts differ from their open ones. */
export function differingOrders(wanted: WantedAlert[], open: OpenAlertKey[]): number[] {
  const wantedKeys = new Set(wanted.map(alertKey));
  const openKeys = new Set(open.map(alertKey));
  const orders = new Set<number>();
  for (const alert of wanted) if (!openKeys.has(alertKey(alert))) orders.add(alert.orderId);
  for (const alert of open) if (!wantedKeys.has(alertKey(alert))) orders.add(alert.orderId);
  return [...orders].sort((a, b) => a - b);
}
