// What a board's column head says for a process. Heads are an eighth of a TV wide and must never
// lose their end, so: the process's short name when it has one, else the part of a bilingual
// name ("入库 Warehouse-in") in the board's language, else the name. The full name stays in the
// cell's title and aria-label.
import type { ProgressColumn } from '@contracts/production';

const HAN = /\p{Script=Han}/u;

/** Longest label, in characters, before words are cut to their first letters. */
const MAX_LATIN = 14;
const MAX_HAN = 5;

function abbreviateLatin(text: string): string {
  if (text.length <= MAX_LATIN) return text;
  const words = text.split(/[\s]+/).filter(Boolean);
  // "Quality control inspection" → "Quality C. I.": the first word whole, initials after it.
  if (words.length > 1) return [words[0], ...words.slice(1).map((word) => `${word[0].toUpperCase()}.`)].join(' ');
  return text;
}

/** The part of `name` in `language`: Chinese words for zh-CN, the others for English. */
function languagePart(name: string, language: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  const han = words.filter((word) => HAN.test(word));
  const latin = words.filter((word) => !HAN.test(word));
  // One script only (or mixed inside a word): the name as it is.
  if (han.length === 0 || latin.length === 0) return name.trim();
  return language.startsWith('zh') ? han.join('') : latin.join(' ');
}

export function boardProcessLabel(column: Pick<ProgressColumn, 'name' | 'shortName'>, language: string): string {
  const short = column.shortName?.trim();
  if (short) return short;
  const part = languagePart(column.name, language);
  if (HAN.test(part)) return part.length <= MAX_HAN ? part : part.slice(0, MAX_HAN);
  return abbreviateLatin(part);
}
