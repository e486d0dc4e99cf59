import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { COMPANY_DEFINITION, type MasterRecord } from '../../../contracts/master-data.js';
import { ForRoute, SuccessMessage } from '../common/http/route-access.decorators.js';
import { bodyPipe } from '../common/http/validation-pipe.js';
import { CompanyUpdateDto } from './company.dto.js';
import { CompanyService } from './company.service.js';

@ApiTags('company')
@Controller('admin/company')
export class CompanyController {
  constructor(private readonly company: CompanyService) {}

  @Get('detail')
  @ForRoute(COMPANY_DEFINITION.routeName)
  @ApiOperation({ summary: 'The company record (created empty on first read)' })
  detail(): Promise<MasterRecord> {
    return this.company.detail();
  }

  @Post('update')
  @HttpCode(200)
  @ForRoute(COMPANY_DEFINITION.routeName)
  @SuccessMessage('messages.saveSuccess')
  @ApiOperation({ summary: 'Update the given fields of the company; refused with 409 when `version` is stale' })
  @ApiBody({ type: CompanyUpdateDto })
  update(@Body(bodyPipe(CompanyUpdateDto)) body: CompanyUpdateDto): Promise<MasterRecord> {
    return this.company.update(body as unknown as Record<string, unknown> & { version: number });
  }
}
