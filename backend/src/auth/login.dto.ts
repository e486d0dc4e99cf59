import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsNotEmpty, IsString, MaxLength, MinLength } from 'class-validator';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../contracts/users.js';

export class LoginDto {
  @ApiProperty({ example: 'admin' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(64)
  username: string;

  @ApiProperty({ example: 'admin123' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(128)
  password: string;
}

export class LoginResultDto {
  @ApiProperty({ description: 'session token; send it in the `token` header' })
  token: string;

  @ApiProperty({ description: 'ids of the processes the user may execute, `;`-separated', example: '1;2;5' })
  processList: string;

  @ApiProperty({ description: 'permission names, `;`-separated', example: 'Home;SettingDashboard' })
  permission: string;

  @ApiProperty({ description: 'the password was set by someone else: change it first (POST /admin/user/changePassword)' })
  mustChangePassword: boolean;

  @ApiProperty({ description: 'the password is a published built-in default (try-out accounts): the screens warn' })
  passwordIsDefault: boolean;
}

export class ChangePasswordDto {
  static fieldLabels = {
    currentPassword: { 'zh-CN': '当前密码', en: 'Current password' },
    newPassword: { 'zh-CN': '新密码', en: 'New password' },
  };

  @ApiProperty({ description: 'the password in use now' })
  @IsDefined()
  @IsString()
  @IsNotEmpty()
  @MaxLength(128)
  currentPassword: string;

  @ApiProperty({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH, description: 'not a common password, not the username' })
  @IsDefined()
  @IsString()
  @IsNotEmpty()
  @MinLength(PASSWORD_MIN_LENGTH)
  @MaxLength(PASSWORD_MAX_LENGTH)
  newPassword: string;
}
