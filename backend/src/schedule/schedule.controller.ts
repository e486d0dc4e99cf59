import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ScheduleDetail, ScheduleList } from '../../../contracts/production.js';
import { ApiEnvelopeResponse } from '../common/http/api-envelope.decorator.js';
import { ForRoute } from '../common/http/route-access.decorators.js';
import { bodyPipe } from '../common/http/validation-pipe.js';
import { ScheduleDetailDto, ScheduleDetailQueryDto, ScheduleListDto, ScheduleListQueryDto } from './schedule.dto.js';
import { ScheduleService } from './schedule.service.js';

/** /api/admin/schedule/list | detail (route Schedule): progress of shown orders per process. */
@ApiTags('schedule')
@Controller('admin/schedule')
export class ScheduleController {
  constructor(private readonly schedule: ScheduleService) {}

  @Get('list')
  @ForRoute('ScheduleIndex', 'ScheduleUpdate')
  @ApiOperation({
    summary:
      'Shown orders with their progress per process: one page, and totals over the whole filter. Completed orders only with includeCompleted=true; ' +
      'status is the order status (done = completed; delayed = past delivery or a step past its due date; partial = any pieces; else notStarted)',
  })
  @ApiEnvelopeResponse(ScheduleListDto)
  list(@Query(bodyPipe(ScheduleListQueryDto)) query: ScheduleListQueryDto): Promise<ScheduleList> {
    return this.schedule.list(query);
  }

  @Get('detail')
  @ForRoute('ScheduleIndex', 'ScheduleUpdate')
  @ApiOperation({ summary: "One order's progress per process and its latest 200 scans, newest first" })
  @ApiEnvelopeResponse(ScheduleDetailDto)
  detail(@Query(bodyPipe(ScheduleDetailQueryDto)) query: ScheduleDetailQueryDto): Promise<ScheduleDetail> {
    return this.schedule.detail(query.id);
  }
}
