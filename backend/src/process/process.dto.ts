import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { SPECIAL_MASTER_DATA } from '../../../contracts/master-data.js';
import { buildMasterDataDto } from '../master-data/master-data.dto-factory.js';
import { STEPS_LABEL } from './process-steps.js';

const definition = SPECIAL_MASTER_DATA.process;

/** Adds `steps` (the sub-processes, a JSON string; parsed and checked by the service) to a generated DTO. */
function withSteps(mode: 'create' | 'update') {
  const Generated = buildMasterDataDto(definition, mode);
  class ProcessDto extends Generated {
    static override fieldLabels = { ...Generated.fieldLabels, steps: STEPS_LABEL };

    @ApiPropertyOptional({
      type: 'string',
      description: 'Sub-processes in order, as JSON: [{"name":"…","pieceRate":0.5}]. Left out on update: unchanged.',
      example: '[{"name":"Collar","pieceRate":0.5}]',
    })
    // A JSON body (or form keys like steps[0][name]) may send the list itself.
    @Transform(({ value }) => (typeof value === 'object' && value !== null ? JSON.stringify(value) : (value as unknown)))
    @IsOptional()
    @IsString()
    @MaxLength(20_000)
    steps?: string;
  }
  Object.defineProperty(ProcessDto, 'name', { value: Generated.name });
  return ProcessDto;
}

export const ProcessCreateDto = withSteps('create');
export const ProcessUpdateDto = withSteps('update');
