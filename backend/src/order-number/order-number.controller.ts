import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ForRoute, SuccessMessage } from '../common/http/route-access.decorators.js';
import { bodyPipe } from '../common/http/validation-pipe.js';
import { UpdateOrderNumberPatternsDto } from './order-number.dto.js';
import { OrderNumberService, type OrderNumberPatterns } from './order-number.service.js';

// The numbering patterns belong to the settings screen (SettingIndex), whose permission is not
// in PERMISSION_NAMES yet: until it is, they need the Permission (administrator) screen.
const SETTINGS_ROUTE = 'Permission';

@ApiTags('setting')
@Controller('admin/setting')
export class OrderNumberController {
  constructor(private readonly numbers: OrderNumberService) {}

  @Get('getOrderNumberPatterns')
  @ForRoute(SETTINGS_ROUTE)
  @ApiOperation({ summary: 'Numbering patterns of sales and production orders' })
  getOrderNumberPatterns(): Promise<OrderNumberPatterns> {
    return this.numbers.patterns();
  }

  @Post('updateOrderNumberPatterns')
  @HttpCode(200)
  @ForRoute(SETTINGS_ROUTE)
  @SuccessMessage('messages.saveSuccess')
  @ApiOperation({ summary: 'Change numbering patterns ({yyyy} {yy} {MM} {dd} {seq:N}); fields left out keep their value' })
  updateOrderNumberPatterns(@Body(bodyPipe(UpdateOrderNumberPatternsDto)) body: UpdateOrderNumberPatternsDto): Promise<OrderNumberPatterns> {
    return this.numbers.updatePatterns(body);
  }
}
