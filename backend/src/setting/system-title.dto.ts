import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

export const SYSTEM_TITLE_MAX_LENGTH = 40;

const trimmed = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));
// Shown in tab titles, the sidebar, the login page and on boards: one line of printable text.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const PRINTABLE_LINE = /^[^\u0000-\u001f\u007f]+$/;

/** The system title per language; a language left out keeps its title. */
export class UpdateSystemTitleDto {
  @ApiPropertyOptional({ example: '订单跟踪系统', maxLength: SYSTEM_TITLE_MAX_LENGTH })
  @IsOptional()
  @trimmed()
  @IsString()
  @IsNotEmpty()
  @MaxLength(SYSTEM_TITLE_MAX_LENGTH)
  @Matches(PRINTABLE_LINE)
  'zh-CN'?: string;

  @ApiPropertyOptional({ example: 'Order Tracking System', maxLength: SYSTEM_TITLE_MAX_LENGTH })
  @IsOptional()
  @trimmed()
  @IsString()
  @IsNotEmpty()
  @MaxLength(SYSTEM_TITLE_MAX_LENGTH)
  @Matches(PRINTABLE_LINE)
  en?: string;
}

export class SystemTitlesDto {
  @ApiPropertyOptional() 'zh-CN': string;
  @ApiPropertyOptional() en: string;
}
