import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import {
  BOARD_DISPLAY_MODES,
  BOARD_SORT_OPTIONS,
  REFRESH_TYPES,
  type BoardDisplayMode,
  type BoardSortOption,
  REFRESH_INTERVAL_SECONDS,
} from '../../../contracts/api.js';
import type { BoardDevice, BoardProfile, PairedDevice } from '../../../contracts/board-profiles.js';
import type { Localized } from '../../../contracts/master-data.js';
import { Trim, ToInteger } from '../common/http/form-transforms.js';
import { IdList } from './dashboard-settings.dto.js';

const NAME_LABEL: Localized = { 'zh-CN': '名称', en: 'Name' };
const PROFILE_LABELS: Record<string, Localized> = {
  name: NAME_LABEL,
  processIds: { 'zh-CN': '工序', en: 'Processes' },
  customerIds: { 'zh-CN': '客户', en: 'Customers' },
  displayMode: { 'zh-CN': '显示方式', en: 'Display mode' },
  refreshType: { 'zh-CN': '展示方式', en: 'Presentation' },
  refreshInterval: { 'zh-CN': '刷新间隔', en: 'Refresh interval' },
  sortBy: { 'zh-CN': '排序', en: 'Sort' },
};

/** Create a profile: every field but the filters is required (a profile is a whole board setting). */
export class CreateBoardProfileDto {
  static fieldLabels = PROFILE_LABELS;

  @ApiProperty({ example: 'Sewing line 1', maxLength: 64 })
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(64)
  name: string;

  @IdList('process columns shown, comma-separated or a list; empty = every process')
  processIds?: number[];

  @IdList('customers whose orders are shown; empty = every customer')
  customerIds?: number[];

  @ApiProperty({ enum: BOARD_DISPLAY_MODES })
  @IsIn(BOARD_DISPLAY_MODES)
  displayMode: BoardDisplayMode;

  @ApiProperty({ enum: REFRESH_TYPES, description: 'presentation: 0 whole page, 1 scrolling, 2 drop-down' })
  @ToInteger()
  @IsInt()
  @IsIn(REFRESH_TYPES, { context: { problem: 'refreshType' } })
  refreshType: number;

  @ApiProperty({ description: 'seconds between page flips / scroll steps', example: 10 })
  @ToInteger()
  @IsInt()
  @Min(REFRESH_INTERVAL_SECONDS.min)
  @Max(REFRESH_INTERVAL_SECONDS.max)
  refreshInterval: number;

  @ApiProperty({ enum: BOARD_SORT_OPTIONS })
  @IsIn(BOARD_SORT_OPTIONS)
  sortBy: BoardSortOption;
}

/** A partial update of profile `id`. */
export class UpdateBoardProfileDto {
  static fieldLabels = PROFILE_LABELS;

  @ApiProperty() @ToInteger() @IsInt() @Min(1) @Max(2_147_483_647) id: number;

  @ApiPropertyOptional({ maxLength: 64 }) @IsOptional() @Trim() @IsString() @IsNotEmpty() @MaxLength(64) name?: string;
  @IdList('process columns shown; empty = every process') processIds?: number[];
  @IdList('customers shown; empty = every customer') customerIds?: number[];
  @ApiPropertyOptional({ enum: BOARD_DISPLAY_MODES }) @IsOptional() @IsIn(BOARD_DISPLAY_MODES) displayMode?: BoardDisplayMode;

  @ApiPropertyOptional({ enum: REFRESH_TYPES })
  @IsOptional()
  @ToInteger()
  @IsInt()
  @IsIn(REFRESH_TYPES, { context: { problem: 'refreshType' } })
  refreshType?: number;

  @ApiPropertyOptional() @IsOptional() @ToInteger() @IsInt() @Min(REFRESH_INTERVAL_SECONDS.min) @Max(REFRESH_INTERVAL_SECONDS.max) refreshInterval?: number;
  @ApiPropertyOptional({ enum: BOARD_SORT_OPTIONS }) @IsOptional() @IsIn(BOARD_SORT_OPTIONS) sortBy?: BoardSortOption;
}

export class BoardRecordIdDto {
  static fieldLabels = { id: { 'zh-CN': '编号', en: 'Id' } };
  @ApiProperty() @ToInteger() @IsInt() @Min(1) @Max(2_147_483_647) id: number;
}

export class PairBoardDeviceDto {
  static fieldLabels = { name: NAME_LABEL, profileId: { 'zh-CN': '看板方案', en: 'Board profile' } };

  @ApiProperty({ example: 'TV by the cutting tables', maxLength: 64 })
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(64)
  name: string;

  @ApiPropertyOptional({ type: 'integer', nullable: true, description: 'the profile; null or left out = the default profile (the dashboard settings)' })
  @IsOptional()
  @ToInteger()
  @IsInt()
  @Min(1)
  @Max(2_147_483_647)
  profileId?: number | null;
}

export class BoardProfileViewDto implements BoardProfile {
  @ApiProperty() id: number;
  @ApiProperty() name: string;
  @ApiProperty({ type: [Number] }) processIds: number[];
  @ApiProperty({ type: [Number] }) customerIds: number[];
  @ApiProperty({ enum: BOARD_DISPLAY_MODES }) displayMode: BoardDisplayMode;
  @ApiProperty({ enum: REFRESH_TYPES }) refreshType: number;
  @ApiProperty() refreshInterval: number;
  @ApiProperty({ enum: BOARD_SORT_OPTIONS }) sortBy: BoardSortOption;
  @ApiProperty({ description: 'paired devices that are not revoked' }) deviceCount: number;
  @ApiProperty() createdAt: string;
  @ApiProperty() updatedAt: string;
}

export class BoardDeviceViewDto implements BoardDevice {
  @ApiProperty() id: number;
  @ApiProperty() name: string;
  @ApiProperty({ type: 'integer', nullable: true, description: 'null = the default profile' }) profileId: number | null;
  @ApiProperty({ type: 'string', nullable: true }) profileName: string | null;
  @ApiProperty() createdAt: string;
  @ApiProperty({ type: 'string', nullable: true, description: 'updated at most once a minute' }) lastSeenAt: string | null;
  @ApiProperty({ type: 'string', nullable: true }) revokedAt: string | null;
}

export class PairedDeviceDto implements PairedDevice {
  @ApiProperty({ type: BoardDeviceViewDto }) device: BoardDevice;
  @ApiProperty({ description: 'shown only in this answer; the server keeps only its hash' }) deviceKey: string;
  @ApiProperty({ example: '/kiosk?device=…' }) path: string;
}
