import { ApiExtraModels, ApiProperty, getSchemaPath } from '@nestjs/swagger';
import {
  STEP_STATUSES,
  type ProgressColumn,
  type ProgressRow,
  type ProgressTotals,
  type ScanRecord,
  type StepProgress,
  type StepStatus,
} from '../../../contracts/production.js';

// OpenAPI descriptions of the progress shapes in contracts/production.ts. Each class implements
// its contract interface, so a field added there and forgotten here does not compile.

export class StepProgressDto implements StepProgress {
  @ApiProperty() processId: number;
  @ApiProperty() sequence: number;
  @ApiProperty({ example: '2026-03-31' }) dueDate: string;
  @ApiProperty() planned: number;
  @ApiProperty() done: number;
  @ApiProperty({ enum: STEP_STATUSES }) status: StepStatus;
  @ApiProperty({ type: 'string', nullable: true }) firstScanAt: string | null;
  @ApiProperty({ type: 'string', nullable: true }) lastScanAt: string | null;
}

@ApiExtraModels(StepProgressDto)
export class ProgressRowDto implements ProgressRow {
  @ApiProperty() id: number;
  @ApiProperty() orderNo: string;
  @ApiProperty() customerLabel: string;
  @ApiProperty() goodsCode: string;
  @ApiProperty() productName: string;
  @ApiProperty({ type: 'string', nullable: true, description: 'upload id of the style image' }) goodsImage: string | null;
  @ApiProperty() orderDate: string;
  @ApiProperty() deliveryDate: string;
  @ApiProperty() totalQuantity: number;
  @ApiProperty() reviewed: boolean;
  @ApiProperty() hasDocument: boolean;
  @ApiProperty({ description: 'not reviewed or no production document' }) flagged: boolean;
  @ApiProperty() completed: boolean;
  @ApiProperty({ type: 'string', nullable: true }) completedAt: string | null;
  @ApiProperty({ description: '0–100, one decimal' }) finishRate: number;
  @ApiProperty({ description: 'days past delivery of an order not completed' }) delayDays: number;
  @ApiProperty({ enum: STEP_STATUSES }) status: StepStatus;
  @ApiProperty() lastActivityAt: string;
  @ApiProperty({ type: 'object', additionalProperties: { $ref: getSchemaPath(StepProgressDto) }, description: 'progress per process id of the route' })
  steps: Record<string, StepProgress>;
}

export class ProgressColumnDto implements ProgressColumn {
  @ApiProperty() id: number;
  @ApiProperty() code: string;
  @ApiProperty() name: string;
  @ApiProperty() endProcess: boolean;
  @ApiProperty() warehouseIn: boolean;
  @ApiProperty() warehouseOut: boolean;
}

export class ProgressTotalsDto implements ProgressTotals {
  @ApiProperty() orders: number;
  @ApiProperty() completed: number;
  @ApiProperty({ description: 'orders not delayed' }) onTime: number;
  @ApiProperty() delayed: number;
  @ApiProperty({ description: 'mean finish rate of the orders, 0–100' }) finishRate: number;
  @ApiProperty({ description: 'delayed ÷ orders × 100, one decimal' }) delayRate: number;
}

export class ScanRecordDto implements ScanRecord {
  @ApiProperty() id: number;
  @ApiProperty() scanId: string;
  @ApiProperty() orderId: number;
  @ApiProperty() orderNo: string;
  @ApiProperty() processId: number;
  @ApiProperty() processName: string;
  @ApiProperty({ description: 'negative for a correcting entry' }) quantity: number;
  @ApiProperty({ type: 'integer', nullable: true }) colorId: number | null;
  @ApiProperty({ type: 'string', nullable: true }) colorName: string | null;
  @ApiProperty({ type: 'integer', nullable: true }) sizeId: number | null;
  @ApiProperty({ type: 'string', nullable: true }) sizeName: string | null;
  @ApiProperty({ type: 'integer', nullable: true }) workerId: number | null;
  @ApiProperty({ type: 'string', nullable: true }) workerName: string | null;
  @ApiProperty() deviceId: string;
  @ApiProperty({ type: 'string', nullable: true, description: 'client scan id of the scan this entry takes back' }) reversesScanId: string | null;
  @ApiProperty({ description: 'a correcting entry took this scan back' }) reversed: boolean;
  @ApiProperty() note: string;
  @ApiProperty() flagged: boolean;
  @ApiProperty() scannedAt: string;
  @ApiProperty() recordedAt: string;
  @ApiProperty() recordedBy: string;
}
