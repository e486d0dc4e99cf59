import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { Trim } from '../common/http/form-transforms.js';
import type { Localized } from '../../../contracts/master-data.js';
import { MAX_PATTERN_LENGTH } from './order-number-pattern.js';

export class UpdateOrderNumberPatternsDto {
  static fieldLabels: Record<string, Localized> = {
    saleOrder: { 'zh-CN': '销售订单单号规则', en: 'Sales order number pattern' },
    productionOrder: { 'zh-CN': '生产订单单号规则', en: 'Production order number pattern' },
  };

  @ApiPropertyOptional({ example: 'SO{yyyy}{MM}-{seq:4}', description: 'Tokens {yyyy} {yy} {MM} {dd} and exactly one {seq:N}; left out: unchanged' })
  @Trim()
  @IsOptional()
  @IsString()
  @MaxLength(MAX_PATTERN_LENGTH)
  saleOrder?: string;

  @ApiPropertyOptional({ example: 'PO{yyyy}{MM}-{seq:4}' })
  @Trim()
  @IsOptional()
  @IsString()
  @MaxLength(MAX_PATTERN_LENGTH)
  productionOrder?: string;
}
