import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsArray, IsDefined, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, MaxLength, Min, MinLength } from 'class-validator';
import { PERMISSION_NAMES } from '../../../contracts/routes.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, USER_DEFINITION } from '../../../contracts/users.js';
import { ToInteger } from '../common/http/form-transforms.js';
import { buildMasterDataDto, type LabelledDto } from '../master-data/master-data.dto-factory.js';

const GeneratedCreate = buildMasterDataDto(USER_DEFINITION, 'create');
const PASSWORD_LABEL = { 'zh-CN': '密码', en: 'Password' };

/** A list sent as "a,b,c" (form) or repeated keys / a JSON array: always an array of trimmed items. */
const ToList = () =>
  Transform(({ value }) => {
    if (value === undefined || value === null) return value as unknown;
    const items = Array.isArray(value) ? value : String(value).split(',');
    return items.map((item) => String(item).trim()).filter(Boolean);
  });

/** An optional list of record ids, sent as "1,3" or repeated keys. */
const IdListField = () =>
  applyDecorators(
    ApiPropertyOptional({ description: 'process ids, comma-separated', example: '1,3' }),
    IsOptional(),
    ToIdList(),
    IsArray(),
    IsInt({ each: true }),
    Min(1, { each: true }),
  );

const ToIdList = () =>
  Transform(({ value }) => {
    if (value === undefined || value === null) return value as unknown;
    const items = Array.isArray(value) ? value : String(value).split(',');
    return items
      .map((item) => String(item).trim())
      .filter(Boolean)
      .map((item) => (/^\d{1,9}$/.test(item) ? Number(item) : item));
  });

export class CreateUserDto extends (GeneratedCreate as new () => object) {
  static fieldLabels = { ...(GeneratedCreate as unknown as LabelledDto).fieldLabels, password: PASSWORD_LABEL };

  @ApiProperty({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH })
  @IsDefined()
  @IsNotEmpty()
  @IsString()
  @MinLength(PASSWORD_MIN_LENGTH)
  @MaxLength(PASSWORD_MAX_LENGTH)
  password: string;
}

export class ResetPasswordDto {
  static fieldLabels = { id: { 'zh-CN': '编号', en: 'Id' }, password: PASSWORD_LABEL };

  @ApiProperty({ type: 'integer' })
  @ToInteger()
  @IsDefined()
  @IsInt()
  @Min(1)
  id: number;

  @ApiProperty({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH })
  @IsDefined()
  @IsNotEmpty()
  @IsString()
  @MinLength(PASSWORD_MIN_LENGTH)
  @MaxLength(PASSWORD_MAX_LENGTH)
  password: string;
}

export class UpdatePermissionDto {
  static fieldLabels = {
    id: { 'zh-CN': '编号', en: 'Id' },
    version: { 'zh-CN': '版本', en: 'Version' },
    permissions: { 'zh-CN': '页面权限', en: 'Screen permissions' },
    processIds: { 'zh-CN': '可执行工序', en: 'Processes they may record' },
    attachmentProcessIds: { 'zh-CN': '可查看附件的工序', en: 'Processes whose attachments they may view' },
  };

  @ApiProperty({ type: 'integer' })
  @ToInteger()
  @IsDefined()
  @IsInt()
  @Min(1)
  id: number;

  @ApiProperty({ type: 'integer' })
  @ToInteger()
  @IsDefined()
  @IsInt()
  @Min(0)
  version: number;

  @ApiPropertyOptional({ description: 'permission names, comma-separated', example: 'Home,Goods' })
  @IsOptional()
  @ToList()
  @IsArray()
  @IsIn(PERMISSION_NAMES, { each: true })
  permissions?: string[];

  @IdListField()
  processIds?: number[];

  @IdListField()
  attachmentProcessIds?: number[];
}
