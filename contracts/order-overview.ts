// The order overview (issue 11, "integrated query / order overview"): everything about one
// production order on one page — where it came from, what is ordered, how far each process is,
// its document and review, and who scanned what. One endpoint composes the existing reads so a
// single route permission (OrderOverview) opens it.
//
// GET /api/admin/production/overview/:id (route OrderOverview). 404 for an unknown id, 400 for
// an id that is not a positive integer. Hidden orders are shown too (with `order.hidden`): the
// overview is reached from the hidden-orders screen, and hiding only takes an order off the
// lists and boards, it does not make its history secret.
//
// Live: the page subscribes to `order:<id>` and reloads on 'production.progressed' and
// 'productionOrder.changed'. The difference grid is its own request (GET
// admin/statistics/difference?orderId=, route StatisticsDifference, contracts/difference.ts).

import type { MatrixCell, ProductionOrder } from './orders.js';
import type { ScanRecord, StepProgress, StepStatus } from './production.js';

/** The order itself, with its progress summary. */
export interface OverviewOrder
  extends Pick<
    ProductionOrder,
    | 'id'
    | 'version'
    | 'orderNo'
    | 'customerLabel'
    | 'customerOrderNo'
    | 'goodsId'
    | 'goodsCode'
    | 'productName'
    | 'goodsImage'
    | 'orderDate'
    | 'deliveryDate'
    | 'totalQuantity'
    | 'note'
    | 'hidden'
    | 'completed'
  > {
  completedAt: string | null;
  /** Not reviewed, or no document. */
  flagged: boolean;
  /** 0–100 (contracts/order-metrics finish rate). */
  finishRate: number;
  /** Days past delivery while not completed, else 0. */
  delayDays: number;
  status: StepStatus;
  lastScanAt: string | null;
}

/** The sales order the production order was made from (null: entered directly or imported). */
export interface OverviewSaleOrder {
  id: number;
  orderNo: string;
  customerLabel: string;
  customerOrderNo: string;
  orderDate: string;
  deliveryDate: string;
  expectedDelivery: string | null;
  merchandiserLabel: string | null;
  /** The sales order's total over all its lines (styles). */
  totalQuantity: number;
}

/** The colour × size grid: rows are colours, columns sizes, in the style's order. */
export interface OverviewGrid {
  colors: { id: number; code: string; name: string; hex: string }[];
  sizes: { id: number; name: string }[];
  /** Quantity > 0 only. */
  cells: MatrixCell[];
}

/** One process of the route, in route order, with its progress. */
export interface OverviewStep extends StepProgress {
  processName: string;
  endProcess: boolean;
}

export interface OverviewDocument {
  uploaded: boolean;
  uploadedAt: string | null;
  /**
   * Whether this user may see the picture (attachment processes on the route, or Permission):
   * the same rule GET productionOrder/document applies. The picture itself comes from there.
   */
  viewable: boolean;
}

export interface OverviewReview {
  reviewed: boolean;
  reviewedAt: string | null;
  reviewedBy: string | null;
  note: string;
}

export interface OrderOverview {
  order: OverviewOrder;
  saleOrder: OverviewSaleOrder | null;
  grid: OverviewGrid;
  route: OverviewStep[];
  document: OverviewDocument;
  review: OverviewReview;
  /** The latest OVERVIEW_SCAN_LIMIT scans and correcting entries, newest first. */
  scans: ScanRecord[];
  /** Every scan and correcting entry of the order (more than `scans` holds when beyond the limit). */
  scanCount: number;
}

export const OVERVIEW_SCAN_LIMIT = 200;
