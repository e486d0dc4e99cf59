import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsOptional, Max, Min } from 'class-validator';
import { ToBoolean, ToInteger } from '../common/http/form-transforms.js';

/** A partial update of the production rules (contracts/production.ts ProductionSettings). */
export class UpdateProductionSettingsDto {
  @ApiPropertyOptional({ description: 'a process may not take more pieces than the previous process of the route has done' })
  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  scanInOrder?: boolean;

  @ApiPropertyOptional({ description: 'over-production allowed above the planned quantity, percent', example: 5 })
  @IsOptional()
  @ToInteger()
  @IsInt()
  @Min(0)
  @Max(100)
  overProductionPercent?: number;

  @ApiPropertyOptional({ description: 'refuse scans of orders not reviewed or without a document (default: flag them)' })
  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  refuseFlaggedOrders?: boolean;

  @ApiPropertyOptional({ description: 'a QC defect takes the pay for those pieces back from the worker charged with it' })
  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  reworkChargeBack?: boolean;

  @ApiPropertyOptional({ description: 'a bundle not moved for this many hours is flagged as stuck', example: 24, minimum: 1, maximum: 720 })
  @IsOptional()
  @ToInteger()
  @IsInt()
  @Min(1)
  @Max(720)
  bundleStuckHours?: number;
}

export class ProductionSettingsDto {
  @ApiPropertyOptional() scanInOrder: boolean;
  @ApiPropertyOptional() overProductionPercent: number;
  @ApiPropertyOptional() refuseFlaggedOrders: boolean;
  @ApiPropertyOptional() reworkChargeBack: boolean;
  @ApiPropertyOptional() bundleStuckHours: number;
}
