import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsInt, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { BADGE_PREFIX, type StationWorker } from '../../../contracts/appraisal.js';
import type { Localized } from '../../../contracts/master-data.js';
import { ToInteger, Trim } from '../common/http/form-transforms.js';

const LABELS: Record<string, Localized> = {
  badge: { 'zh-CN': '工牌', en: 'Badge' },
  processId: { 'zh-CN': '工序', en: 'Process' },
};

/** `SBW1:` and 1–32 letters or digits (scanners may send it lower-case, e.g. with Caps Lock on). */
export const BADGE_PATTERN = new RegExp(`^${BADGE_PREFIX}:[A-Za-z0-9]{1,32}$`, 'i');

/** GET /api/admin/scan/worker?badge=SBW1:<code> */
export class WorkerBadgeQueryDto {
  static fieldLabels = LABELS;

  @ApiProperty({ description: `what the badge QR holds: ${BADGE_PREFIX}:<badgeCode>`, example: `${BADGE_PREFIX}:3F9A0C21B7D4E8F6A2C1` })
  @Trim()
  @IsDefined()
  @IsString()
  @MaxLength(64)
  @Matches(BADGE_PATTERN, { context: { problem: 'invalid' } })
  badge: string;
}

/** GET /api/admin/scan/workers?processId= */
export class StationWorkersQueryDto {
  static fieldLabels = LABELS;

  @ApiProperty({ type: 'integer' }) @ToInteger() @IsDefined() @IsInt() @Min(1) @Max(2_147_483_647) processId: number;
}

/** What the OpenAPI document says a station worker is (contracts/appraisal.ts StationWorker). */
export class StationWorkerDto implements StationWorker {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ description: 'nickname, else username' }) name: string;
  @ApiProperty() username: string;
  @ApiPropertyOptional({ type: 'string', nullable: true }) departmentName: string | null;
  @ApiProperty({ type: 'integer', isArray: true, description: 'processes the worker may execute' }) processIds: number[];
}
