import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsInt, Min } from 'class-validator';
import { COMPANY_DEFINITION } from '../../../contracts/master-data.js';
import { ToInteger } from '../common/http/form-transforms.js';
import { buildMasterDataDto } from '../master-data/master-data.dto-factory.js';

// The company form is a partial update of the one record: every field may be left out (the
// service still refuses to clear a required one), and only `version` is needed, no id.
const partial = { ...COMPANY_DEFINITION, fields: Object.fromEntries(Object.entries(COMPANY_DEFINITION.fields).map(([field, d]) => [field, { ...d, required: false }])) };
const Generated = buildMasterDataDto(partial, 'create');

export class CompanyUpdateDto extends Generated {
  static override fieldLabels = { ...Generated.fieldLabels, version: { 'zh-CN': '版本', en: 'Version' } };

  @ApiProperty({ type: 'integer', description: 'The version the form was read at; a stale one is refused with 409' })
  @ToInteger()
  @IsDefined()
  @IsInt()
  @Min(0)
  version: number;
}
