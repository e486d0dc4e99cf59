import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsDefined, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import { PERMISSION_NAMES } from '../../../contracts/routes.js';
import { ROLE_DESCRIPTION_MAX_LENGTH, ROLE_NAME_MAX_LENGTH } from '../../../contracts/users.js';
import { ToInteger, Trim } from '../common/http/form-transforms.js';
import { ToList } from './list-fields.js';

const LABELS = {
  id: { 'zh-CN': '编号', en: 'Id' },
  version: { 'zh-CN': '版本', en: 'Version' },
  name: { 'zh-CN': '角色名称', en: 'Role name' },
  description: { 'zh-CN': '说明', en: 'Description' },
  permissions: { 'zh-CN': '页面权限', en: 'Screens' },
};

export class CreateRoleDto {
  static fieldLabels = LABELS;

  @ApiProperty({ maxLength: ROLE_NAME_MAX_LENGTH, example: '跟单员 Merchandiser' })
  @Trim()
  @IsDefined()
  @IsNotEmpty()
  @IsString()
  @MaxLength(ROLE_NAME_MAX_LENGTH)
  name: string;

  @ApiPropertyOptional({ maxLength: ROLE_DESCRIPTION_MAX_LENGTH })
  @Trim()
  @IsOptional()
  @IsString()
  @MaxLength(ROLE_DESCRIPTION_MAX_LENGTH)
  description?: string;

  @ApiProperty({ description: 'permission names, comma-separated (may be empty)', example: 'Home,SaleOrder,Goods' })
  @ToList()
  @IsDefined()
  @IsArray()
  @ArrayMaxSize(PERMISSION_NAMES.length)
  @IsIn(PERMISSION_NAMES, { each: true })
  permissions: string[];
}

export class UpdateRoleDto {
  static fieldLabels = LABELS;

  @ApiProperty({ type: 'integer' })
  @ToInteger()
  @IsDefined()
  @IsInt()
  @Min(1)
  id: number;

  @ApiProperty({ type: 'integer', description: 'the version read; a stale one is refused (409)' })
  @ToInteger()
  @IsDefined()
  @IsInt()
  @Min(0)
  version: number;

  @ApiPropertyOptional({ maxLength: ROLE_NAME_MAX_LENGTH })
  @Trim()
  @IsOptional()
  @IsNotEmpty()
  @IsString()
  @MaxLength(ROLE_NAME_MAX_LENGTH)
  name?: string;

  @ApiPropertyOptional({ maxLength: ROLE_DESCRIPTION_MAX_LENGTH })
  @Trim()
  @IsOptional()
  @IsString()
  @MaxLength(ROLE_DESCRIPTION_MAX_LENGTH)
  description?: string;

  @ApiPropertyOptional({ description: 'permission names, comma-separated; omitted keeps them', example: 'Home,SaleOrder' })
  @IsOptional()
  @ToList()
  @IsArray()
  @ArrayMaxSize(PERMISSION_NAMES.length)
  @IsIn(PERMISSION_NAMES, { each: true })
  permissions?: string[];
}

export class DeleteRoleDto {
  static fieldLabels = { id: LABELS.id };

  @ApiProperty({ type: 'integer' })
  @ToInteger()
  @IsDefined()
  @IsInt()
  @Min(1)
  id: number;
}

/** The OpenAPI shape of a role in answers. */
export class RoleDto {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ type: 'integer' }) version: number;
  @ApiProperty() name: string;
  @ApiProperty() description: string;
  @ApiProperty({ type: [String] }) permissions: string[];
  @ApiProperty({ type: 'integer', description: 'users holding it' }) userCount: number;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}
