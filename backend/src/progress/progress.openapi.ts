import { ApiExtraModels, ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { METRIC_POPULATIONS, type MetricPopulation } from '../../../contracts/order-metrics.js';
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
  @ApiProperty({ description: 'days late: past delivery of an order not completed, else 0 (contracts/order-metrics daysLate)' }) delayDays: number;
  @ApiProperty({ enum: STEP_STATUSES, description: 'delayed exactly when delayDays > 0' }) status: StepStatus;
  @ApiProperty({ description: 'when the order last changed on the server (orders live updates)' }) lastActivityAt: string;
  @ApiProperty({ type: 'string', nullable: true, description: 'time of the latest scan at any process; null before the first (boards: last activity)' })
  lastScanAt: string | null;
  @ApiProperty({ type: 'object', additionalProperties: { $ref: getSchemaPath(StepProgressDto) }, description: 'progress per process id of the route' })
  steps: Record<string, StepProgress>;
}

export class ProgressColumnDto implements ProgressColumn {
  @ApiProperty() id: number;
  @ApiProperty() code: string;
  @ApiProperty() name: string;
  @ApiPropertyOptional({ description: "the process's name on boards; '' when none is set (boards abbreviate the name)" }) shortName?: string;
  @ApiProperty() endProcess: boolean;
  @ApiProperty() warehouseIn: boolean;
  @ApiProperty() warehouseOut: boolean;
}

/** contracts/order-metrics.ts OrderMetrics: every rate is over the orders in production of the population. */
export class ProgressTotalsDto implements ProgressTotals {
  @ApiProperty({ enum: METRIC_POPULATIONS, description: 'which orders were counted: inProduction (console), board, filter (schedule)' })
  population: MetricPopulation;
  @ApiProperty({ description: 'shown orders in the set, completed ones included' }) orders: number;
  @ApiProperty() completed: number;
  @ApiProperty({ description: 'not completed: the denominator of both rates' }) inProduction: number;
  @ApiProperty({ description: 'in production and not past delivery (onTime + delayed = inProduction)' }) onTime: number;
  @ApiProperty({ description: 'in production and past delivery (rows with delayDays > 0)' }) delayed: number;
  @ApiProperty({ description: 'in production, delivery today through today + 6' }) dueThisWeek: number;
  @ApiProperty({ description: 'mean finish rate of the orders in production, 0–100, one decimal' }) finishRate: number;
  @ApiProperty({ description: 'delayed ÷ in production × 100, one decimal' }) delayRate: number;
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
  @ApiProperty({ type: 'integer', nullable: true, description: 'the sub-process the scan named' }) stepId: number | null;
  @ApiProperty({ type: 'string', nullable: true }) stepName: string | null;
  @ApiProperty({ type: 'number', nullable: true, description: 'piece rate in force when recorded; null = no pay' }) pieceRate: number | null;
  @ApiProperty({ required: false, description: 'the scan moved the process progress (false: an earlier sub-process, paid only)' }) countsProgress?: boolean;
}
