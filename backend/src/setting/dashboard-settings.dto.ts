import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import {
  BOARD_DENSITIES,
  BOARD_DISPLAY_MODES,
  BOARD_FILTER_MAX_IDS,
  BOARD_SORT_OPTIONS,
  REFRESH_TYPES,
  type BoardDensity,
  type BoardDisplayMode,
  type BoardSortOption,
  REFRESH_INTERVAL_SECONDS,
} from '../../../contracts/api.js';
import { ToBoolean, ToInteger } from '../common/http/form-transforms.js';
import { toIdList } from '../goods/goods-ids.js';

/** Ids as a form sends them ("3,1,7", repeated keys or an array); "" clears the list. */
export function IdList(description: string): PropertyDecorator {
  const decorators: PropertyDecorator[] = [
    ApiPropertyOptional({ type: 'string', description, example: '3,1,7' }),
    Transform(({ value }) => toIdList(value)),
    IsOptional(),
    IsArray(),
    ArrayMaxSize(BOARD_FILTER_MAX_IDS),
    IsInt({ each: true }),
    Min(1, { each: true }),
    Max(2_147_483_647, { each: true }),
  ];
  return (target, key) => decorators.forEach((decorate) => decorate(target, key));
}

/** A partial update: fields left out keep their value. */
export class UpdateDashboardSettingsDto {
  @ApiPropertyOptional({ enum: REFRESH_TYPES, description: '0 whole page, 1 scrolling, 2 drop-down', example: 0 })
  @IsOptional()
  @ToInteger()
  @IsInt()
  // The boards read any value but 0 and 1 as drop-down; only the one value per board is stored,
  // so a typo (10 for 1) is refused instead of silently becoming the drop-down board.
  @IsIn(REFRESH_TYPES, { context: { problem: 'refreshType' } })
  refreshType?: number;

  @ApiPropertyOptional({ description: 'seconds between page flips / scroll steps', example: 10 })
  @IsOptional()
  @ToInteger()
  @IsInt()
  @Min(REFRESH_INTERVAL_SECONDS.min)
  @Max(REFRESH_INTERVAL_SECONDS.max)
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

  @ApiPropertyOptional({
    enum: BOARD_DENSITIES,
    description: 'rows per TV screen: default keeps the per-process number at ≥ 3 % of the screen height; comfortable is larger, dense fits more rows',
  })
  @IsOptional()
  @IsIn(BOARD_DENSITIES)
  density?: BoardDensity;

  @IdList('the process columns the boards show (and only orders routed through one of them), comma-separated; empty = every process')
  processIds?: number[];

  @IdList("the customers whose orders the boards show, comma-separated; empty = every customer")
  customerIds?: number[];

  @ApiPropertyOptional({ description: 'show the pieces waiting at each process (done by the previous process, not yet here) in the board cells' })
  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  showWip?: boolean;
}

export class DashboardSettingsViewDto {
  @ApiPropertyOptional() refreshType: number;
  @ApiPropertyOptional() refreshInterval: number;
  @ApiPropertyOptional() completedVisibleDays: number;
  @ApiPropertyOptional({ enum: BOARD_DISPLAY_MODES }) displayMode: BoardDisplayMode;
  @ApiPropertyOptional({ enum: BOARD_SORT_OPTIONS }) sortBy: BoardSortOption;
  @ApiPropertyOptional() boardKeyEnabled: boolean;
  @ApiPropertyOptional({ enum: BOARD_DENSITIES }) density: BoardDensity;
  @ApiPropertyOptional({ type: [Number], description: 'empty = every process' }) processIds: number[];
  @ApiPropertyOptional({ type: [Number], description: 'empty = every customer' }) customerIds: number[];
  @ApiPropertyOptional() showWip: boolean;
  @ApiPropertyOptional({ description: 'only for users allowed to edit board settings' }) boardKey?: string;
}
