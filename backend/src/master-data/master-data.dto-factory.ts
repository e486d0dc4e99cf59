import type { Type } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsDefined,
  IsEmail,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import type { FieldDefinition, Localized, MasterDataDefinition } from '../../../contracts/master-data.js';
import { ToBoolean, ToInteger } from '../common/http/form-transforms.js';

/** Letters, digits and - _ . / : what fits on a label and a barcode. */
export const CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._\-/]*$/;
const IMAGE_ID_PATTERN = /^[0-9a-f]{32}$/;

type PropertyDecorator = (target: object, key: string) => void;

/** Form fields arrive as strings: '' means "no value" for anything that is not text. */
const EmptyToNull = () => Transform(({ value }) => (value === '' ? null : (value as unknown)));
const ToNumber = () =>
  Transform(({ value }) => (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : (value as unknown)));
const TrimText = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : (value as unknown)));

function fieldDecorators(field: FieldDefinition, required: boolean): PropertyDecorator[] {
  const presence: PropertyDecorator[] = required ? [IsDefined(), IsNotEmpty()] : [];
  const nullable: PropertyDecorator[] = required ? [] : [ValidateIf((_, value) => value !== null && value !== undefined)];
  switch (field.kind) {
    case 'code':
      return [TrimText(), ...(required ? presence : [IsOptional()]), IsString(), MaxLength(field.maxLength ?? 32), Matches(CODE_PATTERN)];
    case 'text':
    case 'longText':
    case 'phone':
      return [TrimText(), ...(required ? presence : [IsOptional()]), IsString(), MaxLength(field.maxLength ?? 255)];
    case 'email':
      return [
        TrimText(),
        ...(required ? presence : [IsOptional()]),
        IsString(),
        MaxLength(field.maxLength ?? 128),
        ValidateIf((_, value) => value !== ''),
        IsEmail(),
      ];
    case 'integer':
    case 'reference':
      return [
        EmptyToNull(),
        ToInteger(),
        ...presence,
        ...nullable,
        IsInt(),
        Min(field.kind === 'reference' ? 1 : (field.min ?? -2_147_483_648)),
        Max(field.max ?? 2_147_483_647),
      ];
    case 'money':
      return [EmptyToNull(), ToNumber(), ...presence, ...nullable, IsNumber({ maxDecimalPlaces: 2 }), Min(field.min ?? 0), Max(field.max ?? 99_999_999)];
    case 'boolean':
      return [ToBoolean(), ...(required ? presence : [IsOptional()]), IsBoolean()];
    case 'image':
      // A malformed id is "not valid", not a badly written code.
      return [EmptyToNull(), ...presence, ...nullable, IsString(), Matches(IMAGE_ID_PATTERN, { context: { problem: 'invalid' } })];
  }
}

const OPENAPI_TYPE: Record<FieldDefinition['kind'], 'string' | 'integer' | 'number' | 'boolean'> = {
  code: 'string',
  text: 'string',
  longText: 'string',
  email: 'string',
  phone: 'string',
  integer: 'integer',
  reference: 'integer',
  money: 'number',
  boolean: 'boolean',
  image: 'string',
};

function pascal(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** DTO classes carry their fields' labels, so validation messages can name them. */
export interface LabelledDto {
  fieldLabels: Record<string, Localized>;
}

/**
 * Builds the create or update DTO class of a definition, with class-validator rules and OpenAPI
 * metadata, so 16 entities need no 32 hand-written DTO classes. An update carries `id` and the
 * `version` it was read at; its fields are all optional (a partial update).
 */
export function buildMasterDataDto(definition: MasterDataDefinition, mode: 'create' | 'update'): Type<object> & LabelledDto {
  const dto = class {} as unknown as Type<object> & LabelledDto;
  Object.defineProperty(dto, 'name', { value: `${pascal(definition.name)}${pascal(mode)}Dto` });
  dto.fieldLabels = Object.fromEntries(Object.entries(definition.fields).map(([field, d]) => [field, d.label]));

  if (mode === 'update') {
    for (const key of ['id', 'version']) {
      for (const decorate of [ToInteger(), IsDefined(), IsInt(), Min(key === 'id' ? 1 : 0), ApiProperty({ type: 'integer' })] as PropertyDecorator[]) {
        decorate(dto.prototype, key);
      }
    }
    dto.fieldLabels.id = { 'zh-CN': '编号', en: 'Id' };
    dto.fieldLabels.version = { 'zh-CN': '版本', en: 'Version' };
  }
  for (const [field, fieldDefinition] of Object.entries(definition.fields)) {
    const required = mode === 'create' && Boolean(fieldDefinition.required);
    const documented = (required ? ApiProperty : ApiPropertyOptional)({
      type: OPENAPI_TYPE[fieldDefinition.kind],
      description: `${fieldDefinition.label.en} / ${fieldDefinition.label['zh-CN']}`,
      maxLength: fieldDefinition.maxLength,
      nullable: !required,
    });
    for (const decorate of [...fieldDecorators(fieldDefinition, required), documented]) decorate(dto.prototype, field);
  }
  return dto;
}
