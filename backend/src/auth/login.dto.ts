import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

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
}
