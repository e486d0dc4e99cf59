import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsDefined, IsIn, IsInt, IsOptional, IsString, Max, Min, ValidateIf } from 'class-validator';
import {
  AUDIT_RETENTION_LIMITS,
  SYSTEM_LANGUAGES,
  UPLOAD_KINDS,
  UPLOAD_SETTING_LIMITS,
  type SystemLanguage,
  type UploadKind,
} from '../../../contracts/admin-settings.js';
import { ToInteger } from '../common/http/form-transforms.js';

// The sections of the system settings screen (contracts/admin-settings.ts): each update is
// partial, validated against the contract's limits, and changes nothing when any field is bad.

/** "" (a form's empty field) and "null" clear the logo. */
const LogoValue = () => Transform(({ value }) => (value === '' || value === 'null' ? null : (value as unknown)));

/** Kinds as a form sends them ("image,pdf", repeated keys) or a JSON array. */
const KindList = () =>
  Transform(({ value }) => {
    // The same kind twice means nothing more.
    if (typeof value === 'string') return [...new Set(value.split(',').map((kind) => kind.trim()).filter(Boolean))];
    return Array.isArray(value) ? [...new Set(value)] : (value as unknown);
  });

/** An optional whole number within one of the contract's limits (the form may send it as text). */
const OptionalLimitedInt = (limits: { min: number; max: number }, description: string, example: number) =>
  applyDecorators(
    ApiPropertyOptional({ description, minimum: limits.min, maximum: limits.max, example }),
    IsOptional(),
    ToInteger(),
    IsInt(),
    Min(limits.min),
    Max(limits.max),
  );

export class UpdateSystemSettingDto {
  @ApiPropertyOptional({ type: 'string', nullable: true, description: 'id of an uploaded image shown on the boards; null or "" removes it', example: '0123456789abcdef0123456789abcdef' })
  @LogoValue()
  @ValidateIf((_, value) => value !== null && value !== undefined)
  @IsString()
  logo?: string | null;

  @ApiPropertyOptional({ enum: SYSTEM_LANGUAGES, description: 'the language a browser without a saved choice starts in (login page, new sessions)' })
  @IsOptional()
  @IsIn(SYSTEM_LANGUAGES)
  defaultLanguage?: SystemLanguage;
}

export class UpdateDatabaseSettingDto {
  @ApiProperty({ description: 'audit rows older than this many days are removed by the daily job', minimum: AUDIT_RETENTION_LIMITS.min, maximum: AUDIT_RETENTION_LIMITS.max, example: 365 })
  @IsDefined()
  @ToInteger()
  @IsInt()
  @Min(AUDIT_RETENTION_LIMITS.min)
  @Max(AUDIT_RETENTION_LIMITS.max)
  auditRetentionDays: number;
}

export class UpdateUploadSettingDto {
  @OptionalLimitedInt(UPLOAD_SETTING_LIMITS.maxBytes, 'largest accepted upload, bytes', 8388608)
  maxBytes?: number;

  @ApiPropertyOptional({ type: 'string', description: `accepted kinds, comma-separated or a list (${UPLOAD_KINDS.join(', ')}); at least one`, example: 'image,pdf' })
  @IsOptional()
  @KindList()
  @IsArray()
  @ArrayMinSize(1, { context: { problem: 'required' } })
  @ArrayMaxSize(UPLOAD_KINDS.length)
  @IsIn(UPLOAD_KINDS, { each: true })
  allowedKinds?: UploadKind[];
}

export class UpdateImageSettingDto {
  @OptionalLimitedInt(UPLOAD_SETTING_LIMITS.imageQuality, 'stored WebP quality', 85)
  imageQuality?: number;

  @OptionalLimitedInt(UPLOAD_SETTING_LIMITS.maxDimension, 'longest side of a stored image, px', 2000)
  maxDimension?: number;

  @OptionalLimitedInt(UPLOAD_SETTING_LIMITS.thumbnailSize, 'longest side of a thumbnail, px', 240)
  thumbnailSize?: number;
}

export class SystemSectionDto {
  @ApiProperty({ example: { 'zh-CN': '订单跟踪系统', en: 'Order Tracking System' } }) titles: { 'zh-CN': string; en: string };
  @ApiProperty({ type: 'string', nullable: true }) logo: string | null;
  @ApiProperty({ enum: SYSTEM_LANGUAGES }) defaultLanguage: SystemLanguage;
}

export class UploadSettingsDto {
  @ApiProperty() maxBytes: number;
  @ApiProperty({ enum: UPLOAD_KINDS, isArray: true }) allowedKinds: UploadKind[];
  @ApiProperty() imageQuality: number;
  @ApiProperty() maxDimension: number;
  @ApiProperty() thumbnailSize: number;
}

export class DatabaseSettingsDto {
  @ApiProperty() auditRetentionDays: number;
}

export class AdminSettingsInitDto {
  @ApiProperty({ type: SystemSectionDto }) system: SystemSectionDto;
  @ApiProperty({ description: 'ProductionSettings (getProductionSetting)' }) production: Record<string, unknown>;
  @ApiProperty({ type: UploadSettingsDto }) upload: UploadSettingsDto;
  @ApiProperty({
    description: 'engine, version, sizeBytes, migrations [{name, appliedAt}], target (no credentials), backupSupported, settings',
  })
  database: Record<string, unknown>;
}
