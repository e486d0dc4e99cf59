// Migrations in order. Listed explicitly: ESM builds cannot rely on TypeORM's glob loading.
import { Foundation1763769600000 } from './1763769600000-foundation.js';
import { MasterData1763856000000 } from './1763856000000-master-data.js';
import { UserVersion1763856100000 } from './1763856100000-user-version.js';
import { ProcessGoodsSizes1763856200000 } from './1763856200000-process-goods-sizes.js';
import { SalesOrders1763942400000 } from './1763942400000-sales-orders.js';
import { ProductionOrders1763942500000 } from './1763942500000-production-orders.js';
import { Progress1764028800000 } from './1764028800000-progress.js';
import { AccountSecurity1764115200000 } from './1764115200000-account-security.js';
import { UploadLimits1764115300000 } from './1764115300000-upload-limits.js';
import { Roles1764201600000 } from './1764201600000-roles.js';
import { ProcessShortName1764201700000 } from './1764201700000-process-short-name.js';
import { PieceRatePay1764288000000 } from './1764288000000-piece-rate-pay.js';
import { DifferenceStatistics1764288100000 } from './1764288100000-difference-statistics.js';
import { WorkerBadges1764288200000 } from './1764288200000-worker-badges.js';
import { OrderOverview1764288300000 } from './1764288300000-order-overview.js';
import { DelayAlerts1764288400000 } from './1764288400000-delay-alerts.js';
import { OrderStageTotals1764288500000 } from './1764288500000-order-stage-totals.js';
import { SubProcessProgress1764288600000 } from './1764288600000-sub-process-progress.js';
import { Attachments1764288700000 } from './1764288700000-attachments.js';
import { AuditTrail1764289000000 } from './1764289000000-audit-trail.js';
import { EventCatchUpPosition1764289100000 } from './1764289100000-event-catch-up-position.js';
import { BoardProfiles1764289200000 } from './1764289200000-board-profiles.js';
import { CutBundles1764289300000 } from './1764289300000-cut-bundles.js';
import { StageTotalsFromScans1764289400000 } from './1764289400000-stage-totals-from-scans.js';

export const MIGRATIONS = [
  Foundation1763769600000,
  MasterData1763856000000,
  UserVersion1763856100000,
  ProcessGoodsSizes1763856200000,
  SalesOrders1763942400000,
  ProductionOrders1763942500000,
  Progress1764028800000,
  AccountSecurity1764115200000,
  UploadLimits1764115300000,
  Roles1764201600000,
  ProcessShortName1764201700000,
  PieceRatePay1764288000000,
  DifferenceStatistics1764288100000,
  WorkerBadges1764288200000,
  OrderOverview1764288300000,
  DelayAlerts1764288400000,
  OrderStageTotals1764288500000,
  SubProcessProgress1764288600000,
  Attachments1764288700000,
  AuditTrail1764289000000,
  EventCatchUpPosition1764289100000,
  BoardProfiles1764289200000,
  CutBundles1764289300000,
  StageTotalsFromScans1764289400000,
];
