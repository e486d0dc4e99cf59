import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsArray, IsDefined, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, MaxLength, Min, MinLength } from 'class-validator';
import { PERMISSION_NAMES } from '../../../contracts/routes.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, USER_DEFINITION } from '../../../contracts/users.js';
import { ToInteger } from '../common/http/form-transforms.js';
import { buildMasterDataDto, type LabelledDto } from '../master-data/master-data.dto-factory.js';
import { ToIdList, ToList } from '../role/list-fields.js';

const GeneratedCreate = buildMasterDataDto(USER_DEFINITION, 'create');
const PASSWORD_LABEL = { 'zh-CN': '密码', en: 'Password' };


/** An optional list of record ids, sent as "1,3" or repeated keys. */
const IdListField = (description = 'process ids, comma-separated') =>
  applyDecorators(
    ApiPropertyOptional({ description, example: '1,3' }),
    IsOptional(),
    ToIdList(),
    IsArray(),
    IsInt({ each: true }),
    Min(1, { each: true }),
  );


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
    roleIds: { 'zh-CN': '角色', en: 'Roles' },
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

  /** The roles the user holds (all of them: omitted keeps them, empty takes them all away). */
  @IdListField('role ids, comma-separated; omitted keeps the roles')
  roleIds?: number[];
}
