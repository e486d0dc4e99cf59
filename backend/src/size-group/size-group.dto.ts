import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { SPECIAL_MASTER_DATA } from '../../../contracts/master-data.js';
import { buildMasterDataDto } from '../master-data/master-data.dto-factory.js';
import { SIZES_LABEL } from './size-entries.js';

const definition = SPECIAL_MASTER_DATA.size;

/** Adds `sizes` (a JSON string; parsed and checked by the service) to a generated DTO. */
function withSizes(mode: 'create' | 'update') {
  const Generated = buildMasterDataDto(definition, mode);
  const Documented = mode === 'create' ? ApiProperty : ApiPropertyOptional;
  class SizeGroupDto extends Generated {
    static override fieldLabels = { ...Generated.fieldLabels, sizes: SIZES_LABEL };

    @Documented({
      type: 'string',
      description: 'The sizes in order, as JSON: [{"id":4,"name":"S"},{"name":"XXL"}]; an id keeps an existing size. Left out on update: unchanged.',
      example: '[{"name":"S"},{"name":"M"},{"name":"L"}]',
    })
    // A JSON body (or form keys like sizes[0][name]) may send the list itself.
    @Transform(({ value }) => (typeof value === 'object' && value !== null ? JSON.stringify(value) : (value as unknown)))
    @IsOptional()
    @IsString()
    @MaxLength(20_000)
    sizes?: string;
  }
  Object.defineProperty(SizeGroupDto, 'name', { value: Generated.name });
  return SizeGroupDto;
}

export const SizeGroupCreateDto = withSizes('create');
export const SizeGroupUpdateDto = withSizes('update');
