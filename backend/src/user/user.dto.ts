import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDefined, IsString, MaxLength, ValidateIf } from 'class-validator';
import type { Localized } from '../../../contracts/master-data.js';

const AVATAR_LABELS: Record<string, Localized> = { avatar: { 'zh-CN': '头像', en: 'Avatar' } };

/** POST /api/admin/user/updateAvatar: an image the caller uploaded, or null (or empty) to remove it. */
export class UpdateAvatarDto {
  static fieldLabels = AVATAR_LABELS;

  @ApiProperty({ type: 'string', nullable: true, description: 'an upload id from POST /api/admin/upload/avatar; null or empty removes the avatar' })
  @Transform(({ value }) => (typeof value === 'string' && value.trim() === '' ? null : (value as unknown)))
  @ValidateIf((body: { avatar?: unknown }) => body.avatar !== null)
  @IsDefined()
  @IsString()
  @MaxLength(64)
  avatar: string | null;
}

export class UserInfoDto {
  @ApiProperty() id: number;
  @ApiProperty() username: string;
  @ApiProperty({ description: 'display name: the nickname, or the username when none is set' }) name: string;
  @ApiProperty({ description: 'upload id of the avatar image (GET /api/admin/upload/image/<id>/thumbnail), empty when none' }) avatar: string;
  @ApiProperty({ description: 'the password was set by someone else and must be changed first' }) mustChangePassword: boolean;
  @ApiProperty({ description: 'the password is a published built-in default (try-out accounts)' }) passwordIsDefault: boolean;
}

export class DepartmentDto {
  @ApiProperty() id: number;
  @ApiProperty() code: string;
  @ApiProperty() name: string;
}

class SessionRoleDto {
  @ApiProperty() id: number;
  @ApiProperty() name: string;
}

export class SessionAccessDto {
  @ApiProperty() userId: number;
  @ApiProperty({ description: 'effective permission names joined by ";" (roles and extra pages)', example: 'Home;SaleOrder' }) permission: string;
  @ApiProperty({ description: 'process ids joined by ";"', example: '1;3' }) processList: string;
  @ApiProperty({ type: [SessionRoleDto] }) roles: SessionRoleDto[];
}
