import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { StationWorker } from '../../../contracts/appraisal.js';
import { ApiEnvelopeResponse } from '../common/http/api-envelope.decorator.js';
import { ForRoute } from '../common/http/route-access.decorators.js';
import { bodyPipe } from '../common/http/validation-pipe.js';
import { StationWorkerDto, StationWorkersQueryDto, WorkerBadgeQueryDto } from './station-worker.dto.js';
import { StationWorkerService } from './station-worker.service.js';

/**
 * The worker at a shared station (issue 11): a badge read, and the pick list. For the scan
 * station's users (route Scan): they are the ones who credit scans to someone else.
 */
@ApiTags('scan')
@Controller('admin/scan')
export class StationWorkerController {
  constructor(private readonly workers: StationWorkerService) {}

  @Get('worker')
  @ForRoute('Scan')
  @ApiOperation({
    summary: 'The worker a badge QR names (SBW1:<badgeCode>)',
    description: 'Unknown, renewed or disabled: 404 badgeUnknown. Which processes the worker may execute is in processIds; a scan credited to them is checked again when recorded.',
  })
  @ApiEnvelopeResponse(StationWorkerDto)
  worker(@Query(bodyPipe(WorkerBadgeQueryDto)) query: WorkerBadgeQueryDto): Promise<StationWorker> {
    return this.workers.byBadge(query.badge);
  }

  @Get('workers')
  // Also the cutting page's cutter picker (a lay's cutting scans are credited to the cutter).
  @ForRoute('Scan', 'Cutting')
  @ApiOperation({ summary: 'Enabled workers allowed to execute a process, by name: the station pick list and the cutting page’s cutter picker' })
  @ApiEnvelopeResponse(StationWorkerDto, { isArray: true })
  allowedAt(@Query(bodyPipe(StationWorkersQueryDto)) query: StationWorkersQueryDto): Promise<StationWorker[]> {
    return this.workers.allowedAt(query.processId);
  }
}
