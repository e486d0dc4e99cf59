import { ApiExtraModels, ApiProperty } from '@nestjs/swagger';
import type {
  OrderOverview,
  OverviewDocument,
  OverviewGrid,
  OverviewOrder,
  OverviewReview,
  OverviewSaleOrder,
  OverviewStep,
} from '../../../contracts/order-overview.js';
import type { MatrixCell } from '../../../contracts/orders.js';
import { STEP_STATUSES, type ScanRecord, type StepStatus } from '../../../contracts/production.js';
import { ProductionOrderIdDto } from '../production-order/production-order.dto.js';
import { ScanRecordDto, StepProgressDto } from '../progress/progress.openapi.js';

// OpenAPI descriptions of contracts/order-overview.ts. Each class implements its contract
// interface, so a field added there and forgotten here does not compile.

/** GET /api/admin/production/overview/:id — a production order id (a positive integer, else 400). */
export class OrderOverviewParamsDto extends ProductionOrderIdDto {}

export class OverviewOrderDto implements OverviewOrder {
  @ApiProperty() id: number;
  @ApiProperty() version: number;
  @ApiProperty() orderNo: string;
  @ApiProperty() customerLabel: string;
  @ApiProperty() customerOrderNo: string;
  @ApiProperty() goodsId: number;
  @ApiProperty() goodsCode: string;
  @ApiProperty() productName: string;
  @ApiProperty({ type: 'string', nullable: true, description: 'upload id of the style image' }) goodsImage: string | null;
  @ApiProperty({ example: '2026-03-01' }) orderDate: string;
  @ApiProperty({ example: '2026-03-31' }) deliveryDate: string;
  @ApiProperty() totalQuantity: number;
  @ApiProperty() note: string;
  @ApiProperty({ description: 'hidden orders are answered too, marked here' }) hidden: boolean;
  @ApiProperty() completed: boolean;
  @ApiProperty({ type: 'string', nullable: true }) completedAt: string | null;
  @ApiProperty({ description: 'not reviewed or no production document' }) flagged: boolean;
  @ApiProperty({ description: '0–100' }) finishRate: number;
  @ApiProperty({ description: 'days past delivery while not completed, else 0' }) delayDays: number;
  @ApiProperty({ enum: STEP_STATUSES }) status: StepStatus;
  @ApiProperty({ type: 'string', nullable: true }) lastScanAt: string | null;
}

export class OverviewSaleOrderDto implements OverviewSaleOrder {
  @ApiProperty() id: number;
  @ApiProperty() orderNo: string;
  @ApiProperty() customerLabel: string;
  @ApiProperty() customerOrderNo: string;
  @ApiProperty() orderDate: string;
  @ApiProperty() deliveryDate: string;
  @ApiProperty({ type: 'string', nullable: true }) expectedDelivery: string | null;
  @ApiProperty({ type: 'string', nullable: true }) merchandiserLabel: string | null;
  @ApiProperty({ description: "the sales order's total over all its lines" }) totalQuantity: number;
}

class OverviewColorDto {
  @ApiProperty() id: number;
  @ApiProperty() code: string;
  @ApiProperty() name: string;
  @ApiProperty() hex: string;
}

class OverviewSizeDto {
  @ApiProperty() id: number;
  @ApiProperty() name: string;
}

class OverviewCellDto implements MatrixCell {
  @ApiProperty() colorId: number;
  @ApiProperty() sizeId: number;
  @ApiProperty() quantity: number;
}

export class OverviewGridDto implements OverviewGrid {
  @ApiProperty({ type: [OverviewColorDto], description: 'rows, in the style order' }) colors: OverviewColorDto[];
  @ApiProperty({ type: [OverviewSizeDto], description: 'columns, in the size group order' }) sizes: OverviewSizeDto[];
  @ApiProperty({ type: [OverviewCellDto], description: 'quantity > 0 only' }) cells: MatrixCell[];
}

export class OverviewStepDto extends StepProgressDto implements OverviewStep {
  @ApiProperty() processName: string;
  @ApiProperty() endProcess: boolean;
}

export class OverviewDocumentDto implements OverviewDocument {
  @ApiProperty() uploaded: boolean;
  @ApiProperty({ type: 'string', nullable: true }) uploadedAt: string | null;
  @ApiProperty({ description: 'this user may open GET productionOrder/document?id= (attachment processes on the route, or Permission)' })
  viewable: boolean;
}

export class OverviewReviewDto implements OverviewReview {
  @ApiProperty() reviewed: boolean;
  @ApiProperty({ type: 'string', nullable: true }) reviewedAt: string | null;
  @ApiProperty({ type: 'string', nullable: true }) reviewedBy: string | null;
  @ApiProperty() note: string;
}

@ApiExtraModels(OverviewOrderDto, OverviewSaleOrderDto, OverviewGridDto, OverviewStepDto, OverviewDocumentDto, OverviewReviewDto, ScanRecordDto)
export class OrderOverviewDto implements OrderOverview {
  @ApiProperty({ type: OverviewOrderDto }) order: OverviewOrder;
  @ApiProperty({ type: OverviewSaleOrderDto, nullable: true, description: 'null: entered directly or imported' }) saleOrder: OverviewSaleOrder | null;
  @ApiProperty({ type: OverviewGridDto }) grid: OverviewGrid;
  @ApiProperty({ type: [OverviewStepDto], description: 'the route in sequence with progress per process' }) route: OverviewStep[];
  @ApiProperty({ type: OverviewDocumentDto }) document: OverviewDocument;
  @ApiProperty({ type: OverviewReviewDto }) review: OverviewReview;
  @ApiProperty({ type: [ScanRecordDto], description: 'the latest 200 scans and correcting entries, newest first' }) scans: ScanRecord[];
  @ApiProperty({ description: 'all scans and correcting entries of the order' }) scanCount: number;
}
