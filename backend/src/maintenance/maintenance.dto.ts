import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

export class ClearAllDto {
  @ApiProperty({ example: '订单跟踪系统', description: 'The current system title (zh-CN or en), typed by the administrator to confirm', maxLength: 100 })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  confirmTitle: string;
}

export class ClearAllResultDto {
  @ApiProperty() saleOrders: number;
  @ApiProperty() productionOrders: number;
  @ApiProperty() scans: number;
  @ApiProperty() events: number;
}

export class RestoreResultDto {
  @ApiProperty({ description: 'Tables restored' }) tables: number;
  @ApiProperty({ description: 'Rows restored' }) rows: number;
}
