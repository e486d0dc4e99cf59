// A definition's fields, read for the three places that show them: list columns, the list's
// filter row and the form.
import type { FieldDefinition, FieldKind, MasterDataDefinition } from '@contracts/master-data';
import type { FieldEntry } from './definitions';

export type InputKind = 'text' | 'textarea' | 'number' | 'switch' | 'reference' | 'image';
export type FilterKind = 'text' | 'number' | 'boolean' | 'reference' | 'image';

const INPUT_OF: Record<FieldKind, InputKind> = {
  code: 'text',
  text: 'text',
  email: 'text',
  phone: 'text',
  longText: 'textarea',
  integer: 'number',
  money: 'number',
  boolean: 'switch',
  reference: 'reference',
  image: 'image',
};

const FILTER_OF: Record<FieldKind, FilterKind> = {
  code: 'text',
  text: 'text',
  email: 'text',
  phone: 'text',
  longText: 'text',
  integer: 'number',
  money: 'number',
  boolean: 'boolean',
  reference: 'reference',
  image: 'image',
};

export const inputKindOf = (field: FieldDefinition): InputKind => INPUT_OF[field.kind];
export const filterKindOf = (field: FieldDefinition): FilterKind => FILTER_OF[field.kind];

/** Every field, in definition order: the form's inputs. */
export function formFields(definition: MasterDataDefinition): FieldEntry[] {
  return Object.entries(definition.fields);
}

/**
 * List columns: every field but long texts, unless the definition says otherwise. Pictures
 * (a style's photo) come first, as a thumbnail beside the code; the rest keep definition order.
 */
export function listColumns(definition: MasterDataDefinition): FieldEntry[] {
  const shown = formFields(definition).filter(([, field]) => field.column ?? field.kind !== 'longText');
  return [...shown.filter(([, field]) => field.kind === 'image'), ...shown.filter(([, field]) => field.kind !== 'image')];
}

/** The list cell class of a column: numbers right-aligned, pictures and flags centred, codes unwrapped. */
export function columnClassOf(name: string, field: FieldDefinition): string {
  switch (field.kind) {
    case 'money':
    case 'integer':
      return 'cell-number';
    case 'image':
      return 'cell-image';
    case 'boolean':
      return 'cell-flag';
    case 'code':
      return 'cell-code';
    case 'reference':
      return 'cell-reference';
    default:
      return name === 'name' || name === 'nickname' || name === 'shortName' || name === 'fullName' ? 'cell-name' : 'cell-text';
  }
}

/** Fields with a filter in the list's filter row (only those the server accepts). */
export function filterFields(definition: MasterDataDefinition): FieldEntry[] {
  return formFields(definition).filter(([, field]) => field.filter === true);
}

/** Whether the keyword box searches anything for this entity. */
export const hasKeywordSearch = (definition: MasterDataDefinition): boolean => formFields(definition).some(([, field]) => field.search);

/** Columns the server sorts by: the definition's fields (references by their id). */
export const isSortable = (field: FieldDefinition): boolean => field.kind !== 'image' && field.kind !== 'longText';

/** Money shows two decimals; integers as they are. */
export function formatNumber(field: FieldDefinition, value: unknown, locale: string): string {
  if (value === null || value === undefined || value === '') return '';
  const number = Number(value);
  if (!Number.isFinite(number)) return String(value);
  return field.kind === 'money'
    ? number.toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 })
    : number.toLocaleString(locale, { useGrouping: false });
}
