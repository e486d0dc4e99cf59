import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { OrderOverview } from '../../../contracts/order-overview.js';
import { ApiEnvelopeResponse } from '../common/http/api-envelope.decorator.js';
import { CurrentUser, ForRoute, type AuthenticatedUser } from '../common/http/route-access.decorators.js';
import { bodyPipe } from '../common/http/validation-pipe.js';
import { OrderOverviewDto, OrderOverviewParamsDto } from './order-overview.dto.js';
import { OrderOverviewService } from './order-overview.service.js';

/** /api/admin/production/overview/:id (route OrderOverview): one production order seen whole. */
@ApiTags('order overview')
@Controller('admin/production')
export class OrderOverviewController {
  constructor(private readonly overview: OrderOverviewService) {}

  @Get('overview/:id')
  @ForRoute('OrderOverview')
  @ApiOperation({
    summary:
      'One production order: its sales order, colour × size grid, route with progress per process, document, review and the latest 200 scans ' +
      '(with workers and correcting entries). Hidden orders too (order.hidden). 404 unknown id, 400 id not a positive integer',
  })
  @ApiParam({ name: 'id', type: 'integer', description: 'production order id' })
  @ApiEnvelopeResponse(OrderOverviewDto)
  detail(@Param(bodyPipe(OrderOverviewParamsDto)) params: OrderOverviewParamsDto, @CurrentUser() user: AuthenticatedUser): Promise<OrderOverview> {
    return this.overview.overviewOf(params.id, user);
  }
}
