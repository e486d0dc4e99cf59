// The typed map of domain events, shared by the server (publishes) and clients (subscribe).
// An event name never changes meaning: a changed payload gets a new name (…V2).
import type { AdminSettingsChanged } from './admin-settings.js';
import type { BoardDeviceRevoked, BoardProfileChanged } from './board-profiles.js';
import type { DelayAlert, DelayAlertCleared, UserNotification } from './alerts.js';
import type { DashboardSettings } from './api.js';
import type { MasterDataName } from './master-data.js';
import type { StepProgress, StepStatus } from './production.js';

export interface MasterDataChanged {
  entity: MasterDataName;
  id: number;
  action: 'created' | 'updated' | 'deleted';
}

export type ProductionOrderAction =
  | 'created'
  | 'updated'
  | 'deleted'
  | 'reviewed'
  | 'reviewCancelled'
  | 'hidden'
  | 'shown'
  | 'documentUploaded'
  /** The end process reached its plan (a scan), or a correcting entry took that back. */
  | 'completed'
  | 'reopened'
  /** One of the order's documents was removed (another may remain). */
  | 'documentRemoved';

export interface ProductionOrderChanged {
  id: number;
  orderNo: string;
  action: ProductionOrderAction;
  /** The order's version after the change (detail screens compare it with theirs). */
  version: number | null;
}

export interface SaleOrderChanged {
  id: number;
  orderNo: string;
  action: 'created' | 'updated' | 'deleted';
  version: number | null;
}

/** A scan or a correcting entry was recorded: the step's new numbers and the order's summary. */
export interface ProgressRecorded {
  orderId: number;
  orderNo: string;
  processId: number;
  /** Pieces this scan added (negative for a correcting entry). */
  quantity: number;
  scanId: string;
  step: StepProgress;
  /** Who the pieces are credited to, what exactly and at what rate (the pay screens update live). */
  workerId?: number | null;
  colorId?: number | null;
  sizeId?: number | null;
  stepId?: number | null;
  pieceRate?: number | null;
  /**
   * False for a scan at an earlier sub-process: paid, but the process's progress (`step`) did not
   * move, so views of output per process must not add `quantity` (see ScanRecord.countsProgress).
   */
  countsProgress?: boolean;
  order: {
    finishRate: number;
    completed: boolean;
    completedAt: string | null;
    status: StepStatus;
    delayDays: number;
    lastActivityAt: string;
  };
}

/** Why a user's access changed; the client re-reads its access (GET user/access) either way. */
export interface AccessChanged {
  source: 'user' | 'role';
  /** The user or role that was changed. */
  id: number;
}

/**
 * The data changed under every screen at once (documents cleared, everything cleared, a backup
 * restored): delivered to EVERY connected socket whatever its rooms (its `rooms` is empty); each
 * live screen reloads its snapshot as after a reconnect. Clients behind it resync as well.
 */
export interface DataReset {
  reason: 'clearDocuments' | 'clearAll' | 'restore';
  at: string;
}

export interface DomainEventMap {
  'settings.dashboardUpdated': DashboardSettings;
  /** A master-data record changed: open lists and forms of that entity refresh. */
  'masterData.changed': MasterDataChanged;
  /** To rooms `saleOrders` and `saleOrder:<id>`. */
  'saleOrder.changed': SaleOrderChanged;
  /** To rooms `productionOrders`, `order:<id>` and `board`. */
  'productionOrder.changed': ProductionOrderChanged;
  /** To rooms `board`, `statistics`, `order:<id>` and `process:<processId>`. */
  'production.progressed': ProgressRecorded;
  /** A user's effective permissions may have changed (their roles, a role they hold, their extra pages): to rooms `user:<id>`. */
  'user.accessChanged': AccessChanged;
  /** A delay alert was raised (contracts/alerts.ts): to rooms `board` and `order:<id>`. */
  'alert.raised': DelayAlert;
  /** Its cause went away (step done, date moved, order completed or hidden): to `board`, `order:<id>` and the rooms `user:<id>` of those told about it. */
  'alert.cleared': DelayAlertCleared;
  /** A notification for one user (an alert they are responsible for): to room `user:<id>` only. */
  'notification.created': UserNotification;
  /** A section of the system settings changed: to room `settings` (and `board` for the system section: title, logo). */
  'settings.adminUpdated': AdminSettingsChanged;
  /** To every connected socket (no room): reload everything shown (DataReset). */
  'data.reset': DataReset;
  /** A board profile was created, changed or deleted: to rooms `settings` and `board` (paired TVs re-read their board). */
  'boardProfile.changed': BoardProfileChanged;
  /** A paired TV was revoked: to room `device:<id>`; every instance then closes that device's sockets. */
  'boardDevice.revoked': BoardDeviceRevoked;
  /** A cut bundle moved (bundle scan) or a lay's bundles were made, remade or voided: to room `order:<id>`. */
  'bundle.changed': BundleChanged;
}

/**
 * Open bundle traces and lists refresh (contracts/bundles.ts). One per bundle scan; one per lay
 * saved, edited or deleted (then `bundleId` and `code` are null and `layId` says which lay).
 */
export interface BundleChanged {
  bundleId: number | null;
  orderId: number;
  code: string | null;
  layId?: number;
}

export type DomainEventName = keyof DomainEventMap;

/** What travels over the socket for every committed change. */
export interface DomainEventEnvelope<N extends DomainEventName = DomainEventName> {
  /** Monotonically increasing across the whole system (a database sequence). */
  seq: number;
  name: N;
  rooms: string[];
  /** ISO time the change was recorded. */
  at: string;
  payload: DomainEventMap[N];
  /**
   * The writing transaction's id (xid8, as a decimal string): compared with a `watermark` it says
   * whether the event can still be missing from a client (docs/ARCHITECTURE.md, "Catch-up position").
   */
  tx?: string;
}

/** Rooms a client may ask for. The server checks each against the caller's permissions. */
export const ROOMS = {
  board: 'board',
  settings: 'settings',
  statistics: 'statistics',
  order: (id: number | string) => `order:${id}`,
  process: (id: number | string) => `process:${id}`,
  masterData: (entity: MasterDataName) => `masterData:${entity}`,
  saleOrders: 'saleOrders',
  saleOrder: (id: number | string) => `saleOrder:${id}`,
  productionOrders: 'productionOrders',
  /** One user's own room (only that user's sockets may join): access changes. */
  user: (id: number | string) => `user:${id}`,
} as const;

export interface SubscribeRequest {
  rooms: string[];
  /** Last sequence number the client applied; omitted on a first subscription. */
  lastSeq?: number;
  /**
   * The exact catch-up position (takes precedence over `lastSeq` on servers that know it): the
   * client has every event of its rooms whose `tx` is below `watermark`, and of the others exactly
   * those in `seen`. The server replays the rest. At most MAX_POSITION_SEEN entries in `seen`.
   */
  position?: CatchUpPosition;
}

export interface CatchUpPosition {
  /** A watermark the server handed out (SubscribeResult.watermark or HeadTick.watermark). */
  watermark: string;
  /** Seqs of the events with tx >= watermark the client already has. */
  seen: number[];
}

/** Largest `seen` list a subscribe position may carry; a longer one is answered with resync. */
export const MAX_POSITION_SEEN = 10_000;

export interface SubscribeResult {
  /** Rooms actually joined (refused ones are left out). */
  joined: string[];
  refused: string[];
  /** Highest sequence number known to the server when the subscription was made. */
  headSeq: number;
  /** Events after `lastSeq` the client missed, oldest first (only when `lastSeq` was given). */
  missed: DomainEventEnvelope[];
  /** True when the client is too far behind to replay: reload the snapshot from the API. */
  resync: boolean;
  /**
   * Every event with tx below this has committed, and every event with seq above `headSeq` has a
   * tx at or above it (both read in one snapshot). After a snapshot (first join or resync), or
   * after this answer's replay, the client holds every event of its rooms with tx below it.
   */
  watermark?: string;
  /**
   * Set when the request was refused as a whole (nothing joined, nothing replayed):
   * 'rateLimited' — too many subscribes on this socket, retry after `retryAfterMs`;
   * 'sessionEnded' — the session expired or was revoked (the socket is being closed).
   */
  error?: { code: 'rateLimited' | 'sessionEnded'; retryAfterMs?: number };
}

/**
 * server → client, every few seconds from the instance a socket is connected to: how many events
 * each active room received with seq in (from, to]. A client that saw fewer in a room it joined
 * missed some (e.g. while Redis could not carry them between instances) and re-subscribes with a
 * lastSeq of at most `from` after a random delay.
 */
export interface HeadTick {
  head: number;
  from: number;
  to: number;
  counts: Record<string, number>;
  /**
   * The watermark read together with `from` (one tick ago): every event with tx below it committed
   * at least one tick ago, and every event with seq above `from` has a tx at or above it. A client
   * whose stream is complete takes it as its catch-up position's watermark.
   */
  watermark?: string;
}

/**
 * server → client, when the connection between app instances (Redis) comes back after an
 * outage: events may have been lost since `since`; every subscription re-subscribes with a
 * lastSeq of at most `since`, after a random delay (so boards do not all hit the database at once).
 */
export interface ResumeHint {
  since: number;
}

export const SOCKET_EVENTS = {
  /** server → client: one DomainEventEnvelope */
  domainEvent: 'domain-event',
  /**
   * server → client: DomainEventEnvelope[] in seq order — the events of one batch window for this
   * socket's rooms, each once (a lone event still comes as `domain-event`).
   */
  domainEvents: 'domain-events',
  /** client → server, with ack: SubscribeRequest → SubscribeResult */
  subscribe: 'subscribe',
  /** client → server: { rooms } */
  unsubscribe: 'unsubscribe',
  /** server → client: HeadTick (gap detector) */
  head: 'head',
  /** server → client: ResumeHint (catch up after an outage between instances) */
  resume: 'resume',
} as const;

/** Socket.IO handshake `auth`: a user token, the public board key, or a paired TV's device key. */
export interface SocketAuth {
  token?: string;
  boardKey?: string;
  deviceKey?: string;
}
