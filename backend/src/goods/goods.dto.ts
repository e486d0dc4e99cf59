import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsInt, IsOptional, Max, Min } from 'class-validator';
import { SPECIAL_MASTER_DATA, type Localized } from '../../../contracts/master-data.js';
import { buildMasterDataDto } from '../master-data/master-data.dto-factory.js';
import { toIdList } from './goods-ids.js';

const definition = SPECIAL_MASTER_DATA.goods;

export const COLORS_LABEL: Localized = { 'zh-CN': '颜色', en: 'Colours' };
export const SIZES_LABEL: Localized = { 'zh-CN': '尺码', en: 'Sizes' };
const MAX_IDS = 200;

const ToIdList = () => Transform(({ value }) => toIdList(value));

function idList(description: string): PropertyDecorator[] {
  return [
    ApiPropertyOptional({ type: 'string', description, example: '3,1,7' }),
    ToIdList(),
    IsOptional(),
    IsArray(),
    ArrayMaxSize(MAX_IDS),
    IsInt({ each: true }),
    Min(1, { each: true }),
    Max(2_147_483_647, { each: true }),
  ];
}

/** Adds the style's colours and sizes (ids; checked against the database by the service) to a generated DTO. */
function withColorsAndSizes(mode: 'create' | 'update') {
  const Generated = buildMasterDataDto(definition, mode);
  class GoodsDto extends Generated {
    static override fieldLabels = { ...Generated.fieldLabels, colorIds: COLORS_LABEL, sizeIds: SIZES_LABEL };
    colorIds?: number[];
    sizeIds?: number[];
  }
  for (const decorate of idList('Colour ids in order, comma-separated; at least one. Left out on update: unchanged.')) decorate(GoodsDto.prototype, 'colorIds');
  for (const decorate of idList('Size ids of the size group, comma-separated; empty = every size of the group. Left out on update: unchanged.')) {
    decorate(GoodsDto.prototype, 'sizeIds');
  }
  Object.defineProperty(GoodsDto, 'name', { value: Generated.name });
  return GoodsDto;
}

export const GoodsCreateDto = withColorsAndSizes('create');
export const GoodsUpdateDto = withColorsAndSizes('update');
