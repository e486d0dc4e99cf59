import { ApiExtraModels, ApiProperty } from '@nestjs/swagger';
import type { OrderMetrics } from '../../../contracts/order-metrics.js';
import { CONSOLE_LIST_SIZE, STEP_STATUSES, type ConsoleKpis, type ConsoleOrder, type StepStatus } from '../../../contracts/production.js';
import { ProgressTotalsDto } from '../progress/progress.openapi.js';

class ConsoleOrderDto implements ConsoleOrder {
  @ApiProperty() id: number;
  @ApiProperty() orderNo: string;
  @ApiProperty() customerLabel: string;
  @ApiProperty() productName: string;
  @ApiProperty() deliveryDate: string;
  @ApiProperty({ description: '0–100, one decimal' }) finishRate: number;
  @ApiProperty({ description: 'days late (0 when not late)' }) delayDays: number;
}

class ProcessQuantityDto {
  @ApiProperty() processId: number;
  @ApiProperty() name: string;
  @ApiProperty() quantity: number;
}

class DayQuantityDto {
  @ApiProperty({ example: '2026-03-01' }) date: string;
  @ApiProperty() quantity: number;
}

@ApiExtraModels(ProgressTotalsDto, ConsoleOrderDto)
export class ConsoleKpisDto implements ConsoleKpis {
  @ApiProperty({ description: 'shown orders not completed' }) inProduction: number;
  @ApiProperty({ description: 'of those, delivery today or in the next 6 days' }) dueThisWeek: number;
  @ApiProperty({ description: 'of those, past delivery (delayed orders)' }) delayed: number;
  @ApiProperty({ description: 'shown orders completed this calendar month' }) completedThisMonth: number;
  @ApiProperty({ description: 'mean finish rate of the orders in production, 0–100' }) finishRate: number;
  @ApiProperty({ description: 'delayed ÷ in production × 100' }) delayRate: number;
  @ApiProperty({ type: ProgressTotalsDto, description: "the numbers above with their population ('inProduction'), from contracts/order-metrics.ts" }) metrics: OrderMetrics;
  @ApiProperty({ type: [ConsoleOrderDto], description: `delayed orders, the most late first (at most ${CONSOLE_LIST_SIZE})` }) lateOrders: ConsoleOrder[];
  @ApiProperty({ type: [ConsoleOrderDto], description: `orders due today through today + 6, earliest first (at most ${CONSOLE_LIST_SIZE})` })
  dueThisWeekOrders: ConsoleOrder[];
  @ApiProperty({ type: [ProcessQuantityDto], description: 'pieces scanned today (net of reversals) per process of the flow' })
  todayByProcess: { processId: number; name: string; quantity: number }[];
  @ApiProperty({ type: [DayQuantityDto], description: 'pieces scanned per day, the last 14 days, oldest first' }) daily: { date: string; quantity: number }[];
  @ApiProperty({
    type: 'object',
    properties: Object.fromEntries(STEP_STATUSES.map((status) => [status, { type: 'integer' }])),
    description: 'orders in production per status',
  })
  byStatus: Record<StepStatus, number>;
  @ApiProperty({ example: '2026-03-10', description: "the server's calendar day the numbers were counted on" }) today: string;
  @ApiProperty() generatedAt: string;
}
