import { Module } from '@nestjs/common';
import { CompanyController } from './company.controller.js';
import { CompanyService } from './company.service.js';

/** The company record: /api/admin/company/detail and /update (route and permission `Company`). */
@Module({
  controllers: [CompanyController],
  providers: [CompanyService],
})
export class CompanyModule {}
