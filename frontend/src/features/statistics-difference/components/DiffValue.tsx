// One number of the difference statistics. Differences read without colour too: short is
// "▼ −12 短缺", over is "▲ +5 超出" (an arrow, a sign and a word), and their colours differ from
// each other and from an even 0. A stage that is not on the order's route is "—", not 0.
import { useTranslation } from 'react-i18next';
import type { DifferenceNumbers } from '@contracts/difference';
import { diffKind } from '../model/difference-query';

const formats = new Map<string, { plain: Intl.NumberFormat; signed: Intl.NumberFormat }>();

function formatsFor(language: string) {
  let format = formats.get(language);
  if (!format) {
    format = {
      plain: new Intl.NumberFormat(language, { maximumFractionDigits: 0 }),
      signed: new Intl.NumberFormat(language, { maximumFractionDigits: 0, signDisplay: 'exceptZero' }),
    };
    formats.set(language, format);
  }
  return format;
}

/** A stage's count (ordered, cut…): "—" when the stage is not measured for the order. */
export function StageValue({ value, testId }: { value: number | null; testId?: string }) {
  const { t, i18n } = useTranslation('statisticsDifference');
  if (value === null) {
    return (
      <span className="diff-stage is-none" title={t('diff.notMeasured')} data-testid={testId}>
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">{t('diff.notMeasured')}</span>
      </span>
    );
  }
  return (
    <span className="diff-stage" data-testid={testId}>
      {formatsFor(i18n.language).plain.format(value)}
    </span>
  );
}

export function DiffValue({ value, testId }: { value: number | null; testId?: string }) {
  const { t, i18n } = useTranslation('statisticsDifference');
  const kind = diffKind(value);
  if (value === null) return <StageValue value={null} testId={testId} />;
  const format = formatsFor(i18n.language);
  if (kind === 'even') {
    return (
      <span className="diff-value is-even" data-kind="even" title={t('diff.even')} data-testid={testId}>
        {format.plain.format(0)}
      </span>
    );
  }
  const short = kind === 'short';
  const amount = format.plain.format(Math.abs(value));
  return (
    <span className={`diff-value is-${kind}`} data-kind={kind} title={t(short ? 'diff.shortOf' : 'diff.overBy', { count: Math.abs(value), formatted: amount })} data-testid={testId}>
      <i className={`pi ${short ? 'pi-arrow-down' : 'pi-arrow-up'}`} aria-hidden="true" />
      <span className="diff-number">{format.signed.format(value)}</span>
      <span className="diff-word">{t(short ? 'diff.short' : 'diff.over')}</span>
    </span>
  );
}

export type StageKey = keyof DifferenceNumbers;
export const STAGE_KEYS = ['ordered', 'cut', 'finished', 'inStock', 'shipped'] as const satisfies readonly StageKey[];
export const DIFF_KEYS = ['cutDiff', 'finishedDiff', 'shippedDiff'] as const satisfies readonly StageKey[];
