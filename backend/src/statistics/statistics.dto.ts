import { ApiProperty } from '@nestjs/swagger';
import { STEP_STATUSES, type ConsoleKpis, type StepStatus } from '../../../contracts/production.js';

class ProcessQuantityDto {
  @ApiProperty() processId: number;
  @ApiProperty() name: string;
  @ApiProperty() quantity: number;
}

class DayQuantityDto {
  @ApiProperty({ example: '2026-03-01' }) date: string;
  @ApiProperty() quantity: number;
}

export class ConsoleKpisDto implements ConsoleKpis {
  @ApiProperty({ description: 'shown orders not completed' }) inProduction: number;
  @ApiProperty({ description: 'of those, delivery today or in the next 6 days' }) dueThisWeek: number;
  @ApiProperty({ description: 'of those, delayed' }) delayed: number;
  @ApiProperty({ description: 'shown orders completed this calendar month' }) completedThisMonth: number;
  @ApiProperty({ description: 'mean finish rate of the orders in production, 0–100' }) finishRate: number;
  @ApiProperty({ description: 'delayed ÷ in production × 100' }) delayRate: number;
  @ApiProperty({ type: [ProcessQuantityDto], description: 'pieces scanned today (net of reversals) per process of the flow' })
  todayByProcess: { processId: number; name: string; quantity: number }[];
  @ApiProperty({ type: [DayQuantityDto], description: 'pieces scanned per day, the last 14 days, oldest first' }) daily: { date: string; quantity: number }[];
  @ApiProperty({
    type: 'object',
    properties: Object.fromEntries(STEP_STATUSES.map((status) => [status, { type: 'integer' }])),
    description: 'orders in production per status',
  })
  byStatus: Record<StepStatus, number>;
  @ApiProperty() generatedAt: string;
}
