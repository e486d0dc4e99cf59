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
