import { ApiProperty } from '@nestjs/swagger';

export class UserInfoDto {
  @ApiProperty() id: number;
  @ApiProperty() username: string;
  @ApiProperty({ description: 'display name: the nickname, or the username when none is set' }) name: string;
  @ApiProperty({ description: 'avatar URL, empty when none' }) avatar: string;
  @ApiProperty({ description: 'the password was set by someone else and must be changed first' }) mustChangePassword: boolean;
  @ApiProperty({ description: 'the password is a published built-in default (try-out accounts)' }) passwordIsDefault: boolean;
}

export class DepartmentDto {
  @ApiProperty() id: number;
  @ApiProperty() code: string;
  @ApiProperty() name: string;
}
