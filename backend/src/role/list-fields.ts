import { Transform } from 'class-transformer';

// Lists arrive as "a,b,c" in a form, as repeated keys, or as a JSON array: always an array of
// trimmed items here, so one validator rule covers every encoding.

/** A list of names. */
export const ToList = () =>
  Transform(({ value }) => {
    if (value === undefined || value === null) return value as unknown;
    const items = Array.isArray(value) ? value : String(value).split(',');
    return items.map((item) => String(item).trim()).filter(Boolean);
  });

/** A list of record ids; an item that is not a plain number stays a string for the validator to name. */
export const ToIdList = () =>
  Transform(({ value }) => {
    if (value === undefined || value === null) return value as unknown;
    const items = Array.isArray(value) ? value : String(value).split(',');
    return items
      .map((item) => String(item).trim())
      .filter(Boolean)
      .map((item) => (/^\d{1,9}$/.test(item) ? Number(item) : item));
  });
