// Difference statistics (route StatisticsDifference): per production order × colour × size,
// ordered vs cut vs finished vs in stock vs shipped, and the differences between them.
//
// Where each number comes from (one definition, used by the API, the export and the tests):
// - ordered:  the production order's colour × size quantity (its grid);
// - cut:      pieces done at the order's cutting process (process flag `cutting`);
// - finished: pieces done at its end process (flag `endProcess`);
// - inStock:  warehouse-in done − warehouse-out done;
// - shipped:  warehouse-out done.
// A stage whose process is not on the order's route counts null (not 0): "not measured".
// Scans recorded without colour/size cannot be put on a cell: per order and stage they are
// step done − Σ cell done, and appear on an explicit row with `notByCell: true`, so that every
// order total equals the schedule's numbers for that process.
// Differences: cutDiff = cut − ordered, finishedDiff = finished − cut, shippedDiff = shipped −
// ordered; null when either side is null. Negative = short, positive = over.
//
// Details fixed by the server (difference.service.ts, docs/ARCHITECTURE.md "Difference statistics"):
// - A stage's process is the first step (by route sequence) of the order whose process carries
//   the flag; a route with two cutting processes counts the first one only.
// - inStock is null when warehouse-in is not on the route; without warehouse-out nothing has left
//   (inStock = warehouse-in done) but shipped is null.
// - Cells are the order's grid plus any colour × size with progress that is no longer on the grid
//   (the grid was edited after scanning): such a cell shows ordered 0.
// - The notByCell row is listed only when one of its stages is not 0; its `ordered` is 0.
// - Totals of an order are the sums of its rows, so its stages equal the schedule's step done.
// - Totals of a group (grandTotals, byCustomer, byGoods) add up the orders' totals: a stage sums
//   the orders that measure it (null when none does), and each difference sums the orders'
//   differences — so a difference equals the stage subtraction only when every order measures
//   both sides.
// - onlyDifferences keeps orders whose totals have a difference ≠ 0 (a cell short and another
//   over by as much, netting to 0, do not count).

/** Which orders by completion (default open). */
export const DIFFERENCE_STATUSES = ['open', 'completed', 'all'] as const;
export type DifferenceStatus = (typeof DIFFERENCE_STATUSES)[number];

/** At most this many orders per page. */
export const DIFFERENCE_MAX_PAGE_SIZE = 100;

/** At most this many orders in one export (about 20 rows each: near the 50,000-row limit of the other exports). */
export const DIFFERENCE_EXPORT_MAX_ORDERS = 2_000;

export const DIFFERENCE_STAGES = ['ordered', 'cut', 'finished', 'inStock', 'shipped'] as const;
export type DifferenceStage = (typeof DIFFERENCE_STAGES)[number];

export interface DifferenceNumbers {
  ordered: number;
  cut: number | null;
  finished: number | null;
  inStock: number | null;
  shipped: number | null;
  cutDiff: number | null;
  finishedDiff: number | null;
  shippedDiff: number | null;
}

/** One colour × size cell of one order (or its "not by colour/size" row). */
export interface DifferenceCell extends DifferenceNumbers {
  colorId: number | null;
  colorName: string | null;
  sizeId: number | null;
  sizeName: string | null;
  /** The row of pieces scanned without colour/size (colorId and sizeId are null). */
  notByCell: boolean;
}

/** One production order with its cells and its totals. */
export interface DifferenceOrder {
  orderId: number;
  orderNo: string;
  saleOrderId: number | null;
  saleOrderNo: string | null;
  customerId: number | null;
  customerName: string | null;
  goodsId: number | null;
  goodsCode: string | null;
  goodsName: string | null;
  orderDate: string;
  deliveryDate: string;
  completed: boolean;
  totals: DifferenceNumbers;
  cells: DifferenceCell[];
  /**
   * Pieces QC scrapped (Σ rejected of the order's live cut bundles, contracts/bundles.ts): they
   * explain part of a shortfall between cut and finished. Always sent by the server; optional so
   * screens and fixtures written before cut bundles still type-check.
   */
  rejected?: number;
}

/** Totals of a group of orders (per customer, per style). */
export interface DifferenceGroup {
  key: number | null;
  label: string;
  orders: number;
  totals: DifferenceNumbers;
}

/**
 * GET /api/admin/statistics/difference — query: page, pageSize (≤ 100), customerId, goodsId,
 * orderNo (contains), orderDateFrom/To, deliveryFrom/To (YYYY-MM-DD), status (open | completed |
 * all, default open), onlyDifferences (true: orders where some difference ≠ 0), orderId (one
 * order, for the overview). Hidden orders are never counted. Rows are sorted by delivery date,
 * then order id. Bad dates or a from-day after its to-day: 400.
 * GET /api/admin/statistics/difference/export — same filters (page and pageSize ignored), every
 * matching order, xlsx: sheet 1 a row per cell, an order-total row after each order and a grand
 * total at the end; sheets 2 and 3 the totals by customer and by style. Refused (400
 * exportTooLarge) above DIFFERENCE_EXPORT_MAX_ORDERS orders: narrow the filter.
 * Both need route StatisticsDifference. Live: the `statistics` room receives
 * 'production.progressed' (orderId, processId) — refetch that order with `orderId`, or the page.
 */
export interface DifferenceQuery {
  page?: number;
  pageSize?: number;
  customerId?: number;
  goodsId?: number;
  orderNo?: string;
  orderDateFrom?: string;
  orderDateTo?: string;
  deliveryFrom?: string;
  deliveryTo?: string;
  status?: DifferenceStatus;
  onlyDifferences?: boolean;
  orderId?: number;
}

export interface DifferenceReport {
  rows: DifferenceOrder[];
  total: number;
  page: number;
  pageSize: number;
  /** Over every matching order, not only this page. */
  grandTotals: DifferenceNumbers;
  byCustomer: DifferenceGroup[];
  byGoods: DifferenceGroup[];
}
