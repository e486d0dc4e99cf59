// Form values of a definition: their starting point (a new record's defaults or a loaded
// record) and the request body they become — everything for a create, only what changed for
// an update (the server keeps fields it is not sent; '' clears a non-text field).
import type { FieldDefinition, MasterDataDefinition, MasterRecord } from '@contracts/master-data';
import type { FormBody } from '../../../lib/http-client';
import { formFields } from './fields';

export type FieldValue = string | number | boolean | null;
export type FormValues = Record<string, FieldValue>;

function emptyValue(field: FieldDefinition): FieldValue {
  switch (field.kind) {
    case 'boolean':
      return typeof field.defaultValue === 'boolean' ? field.defaultValue : false;
    case 'integer':
    case 'money':
      return typeof field.defaultValue === 'number' ? field.defaultValue : null;
    case 'reference':
    case 'image':
      return null;
    default:
      return typeof field.defaultValue === 'string' ? field.defaultValue : '';
  }
}

function valueOf(field: FieldDefinition, raw: unknown): FieldValue {
  if (raw === undefined || raw === null) return field.kind === 'boolean' ? false : isText(field) ? '' : null;
  switch (field.kind) {
    case 'boolean':
      return raw === true || raw === 'true' || raw === 1;
    case 'integer':
    case 'money':
    case 'reference': {
      const number = Number(raw);
      return Number.isFinite(number) ? number : null;
    }
    case 'image':
      return String(raw);
    default:
      return String(raw);
  }
}

const isText = (field: FieldDefinition): boolean => ['code', 'text', 'longText', 'email', 'phone'].includes(field.kind);

export function initialValues(definition: MasterDataDefinition, record: MasterRecord | Record<string, unknown> | null): FormValues {
  const values: FormValues = {};
  for (const [name, field] of formFields(definition)) values[name] = record ? valueOf(field, record[name]) : emptyValue(field);
  return values;
}

const isBlank = (value: FieldValue): boolean => value === null || (typeof value === 'string' && value.trim() === '');

/** A new record: every filled field (blank ones are left to the server's defaults). */
export function toCreateBody(definition: MasterDataDefinition, values: FormValues): FormBody {
  const body: FormBody = {};
  for (const [name] of formFields(definition)) {
    const value = values[name];
    if (!isBlank(value)) body[name] = value;
  }
  return body;
}

/** An update: id, version and the fields that differ from the loaded record. */
export function toUpdateBody(definition: MasterDataDefinition, values: FormValues, record: MasterRecord): FormBody {
  const before = initialValues(definition, record);
  const body: FormBody = { id: record.id, version: record.version };
  for (const [name] of formFields(definition)) {
    const value = values[name];
    if (value === before[name]) continue;
    body[name] = isBlank(value) ? '' : value;
  }
  return body;
}

/** Fields the user must fill, checked before a request is made; the server checks again. */
export function missingRequired(definition: MasterDataDefinition, values: FormValues): string | null {
  for (const [name, field] of formFields(definition)) {
    if (field.required && field.kind !== 'boolean' && isBlank(values[name] ?? null)) return name;
  }
  return null;
}
