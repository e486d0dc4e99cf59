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
 * order, for the overview). Hidden orders are never counted.
 * GET /api/admin/statistics/difference/export — same filters, every matching order, xlsx.
 */
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
