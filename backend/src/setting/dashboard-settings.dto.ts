import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { BOARD_DISPLAY_MODES, BOARD_SORT_OPTIONS, type BoardDisplayMode, type BoardSortOption } from '../../../contracts/api.js';
import { ToBoolean, ToInteger } from '../common/http/form-transforms.js';

/** A partial update: fields left out keep their value. */
export class UpdateDashboardSettingsDto {
  @ApiPropertyOptional({ description: '0 whole page, 1 scrolling, any other value drop-down', example: 0 })
  @IsOptional()
  @ToInteger()
  @IsInt()
  @Min(0)
  @Max(99)
  refreshType?: number;

  @ApiPropertyOptional({ description: 'seconds between page flips / scroll steps', example: 10 })
  @IsOptional()
  @ToInteger()
  @IsInt()
  @Min(3)
  @Max(3600)
  refreshInterval?: number;

  @ApiPropertyOptional({ description: 'days a completed order stays on the boards', example: 3 })
  @IsOptional()
  @ToInteger()
  @IsInt()
  @Min(0)
  @Max(365)
  completedVisibleDays?: number;

  @ApiPropertyOptional({ enum: BOARD_DISPLAY_MODES })
  @IsOptional()
  @IsIn(BOARD_DISPLAY_MODES)
  displayMode?: BoardDisplayMode;

  @ApiPropertyOptional({ enum: BOARD_SORT_OPTIONS })
  @IsOptional()
  @IsIn(BOARD_SORT_OPTIONS)
  sortBy?: BoardSortOption;

  @ApiPropertyOptional({ description: 'whether the public mobile board accepts the board key' })
  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  boardKeyEnabled?: boolean;
}

export class DashboardSettingsViewDto {
  @ApiPropertyOptional() refreshType: number;
  @ApiPropertyOptional() refreshInterval: number;
  @ApiPropertyOptional() completedVisibleDays: number;
  @ApiPropertyOptional({ enum: BOARD_DISPLAY_MODES }) displayMode: BoardDisplayMode;
  @ApiPropertyOptional({ enum: BOARD_SORT_OPTIONS }) sortBy: BoardSortOption;
  @ApiPropertyOptional() boardKeyEnabled: boolean;
  @ApiPropertyOptional({ description: 'only for users allowed to edit board settings' }) boardKey?: string;
}
