import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { BundleTicket, LayRecord, OrderCutting } from '../../../contracts/bundles.js';
import { CurrentUser, ForRoute, SuccessMessage, type AuthenticatedUser } from '../common/http/route-access.decorators.js';
import { Audited } from '../security-log/audited.decorator.js';
import { bodyPipe } from '../common/http/validation-pipe.js';
import { LayDeleteQueryDto, LayDto, LayIdParamDto, OrderIdParamDto, TicketQueryDto } from './cutting.dto.js';
import { CuttingService } from './cutting.service.js';

/** Lays at the cutting table and their bundle tickets (route Cutting): /api/admin/cutting/*. */
@ApiTags('cutting')
@Controller('admin/cutting')
export class CuttingController {
  constructor(private readonly cutting: CuttingService) {}

  @Get('order/:orderId')
  @ForRoute('Cutting')
  @ApiParam({ name: 'orderId', type: 'integer' })
  @ApiOperation({ summary: "Ordered against cut per colour × size (from live bundles), the route's cutting process and the order's lays" })
  order(@Param(bodyPipe(OrderIdParamDto)) params: OrderIdParamDto): Promise<OrderCutting> {
    return this.cutting.orderCutting(params.orderId);
  }

  @Post('lay')
  @HttpCode(200)
  @ForRoute('Cutting')
  @SuccessMessage('messages.layBundlesSaved')
  @ApiOperation({
    summary: "Record a lay: cut it into bundles (numbered after the order's last) and record each bundle's cutting scan for the cutter",
  })
  create(@Body(bodyPipe(LayDto)) body: LayDto, @CurrentUser() user: AuthenticatedUser): Promise<LayRecord> {
    return this.cutting.create(body, user);
  }

  @Put('lay/:id')
  @ForRoute('Cutting')
  @SuccessMessage('messages.layBundlesSaved')
  @ApiParam({ name: 'id', type: 'integer' })
  @ApiOperation({
    summary: 'Edit a lay (with version): its cutting scans are taken back, its bundles voided and made anew; refused once a bundle went past cutting',
  })
  update(@Param(bodyPipe(LayIdParamDto)) params: LayIdParamDto, @Body(bodyPipe(LayDto)) body: LayDto, @CurrentUser() user: AuthenticatedUser): Promise<LayRecord> {
    return this.cutting.update(params.id, body, user);
  }

  @Delete('lay/:id')
  @ForRoute('Cutting')
  // Deleting a lay voids its bundles' tickets and takes back its cutting scans: on the audit trail like any delete.
  @Audited({ action: 'record.delete', target: 'cutLay', targetId: 'params.id' })
  @SuccessMessage('messages.layDeleted')
  @ApiParam({ name: 'id', type: 'integer' })
  @ApiOperation({ summary: 'Delete a lay: its cutting scans are taken back and its bundles voided; refused once a bundle went past cutting' })
  async remove(
    @Param(bodyPipe(LayIdParamDto)) params: LayIdParamDto,
    @Query(bodyPipe(LayDeleteQueryDto)) query: LayDeleteQueryDto,
    @CurrentUser() user: AuthenticatedUser,
  ): Promise<null> {
    await this.cutting.remove(params.id, query.version, user);
    return null;
  }

  @Get('tickets')
  @ForRoute('Cutting')
  @ApiOperation({ summary: "Bundle tickets of a lay or an order: the QR (SB1B|code) and the coupons of the route's processes after cutting" })
  tickets(@Query(bodyPipe(TicketQueryDto)) query: TicketQueryDto): Promise<BundleTicket[]> {
    return this.cutting.tickets(query);
  }
}
