import { ApiProperty } from '@nestjs/swagger';

export class UserInfoDto {
  @ApiProperty() id: number;
  @ApiProperty() username: string;
  @ApiProperty({ description: 'display name: the nickname, or the username when none is set' }) name: string;
  @ApiProperty({ description: 'avatar URL, empty when none' }) avatar: string;
}

export class DepartmentDto {
  @ApiProperty() id: number;
  @ApiProperty() code: string;
  @ApiProperty() name: string;
}
