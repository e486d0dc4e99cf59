import { ApiProperty } from '@nestjs/swagger';
import { plainToInstance, Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsDefined, IsIn, IsObject, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { PERMISSION_NAMES } from '../../../contracts/routes.js';

class LocalizedTitle {
  @IsString() @MaxLength(64) 'zh-CN': string;
  @IsString() @MaxLength(64) en: string;
}

export class RouteCatalogueEntryDto {
  @IsIn(PERMISSION_NAMES) name: string;
  @IsString() @MaxLength(32) group: string;
  @IsObject() @ValidateNested() @Type(() => LocalizedTitle) title: LocalizedTitle;
  @IsOptional() @IsObject() @ValidateNested() @Type(() => LocalizedTitle) groupTitle?: LocalizedTitle;
}

/** The body of generateRoute: `routes`, a JSON string (form encoding carries no nested objects). */
export class GenerateRouteDto {
  static fieldLabels = { routes: { 'zh-CN': '路由表', en: 'Routes' } };

  @ApiProperty({ description: 'JSON array of {name, group, title: {zh-CN, en}, groupTitle?}' })
  // @Type cannot convert a JSON string: parse it and build the nested instances here, so the
  // nested rules run.
  @Transform(({ value }) => {
    let parsed: unknown = value;
    if (typeof value === 'string') {
      try {
        parsed = JSON.parse(value);
      } catch {
        return value;
      }
    }
    return Array.isArray(parsed) ? plainToInstance(RouteCatalogueEntryDto, parsed as object[]) : parsed;
  })
  @IsDefined()
  @IsArray()
  @ArrayMaxSize(500)
  @ValidateNested({ each: true })
  routes: RouteCatalogueEntryDto[];
}
