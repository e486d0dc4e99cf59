// Ordered vs cut vs finished vs in stock vs shipped per colour × size, and the differences
// (contracts/difference.ts defines every number; null = the stage is not on the route).
import { useTranslation } from 'react-i18next';
import { DIFFERENCE_STAGES, type DifferenceCell, type DifferenceNumbers } from '@contracts/difference';
import type { DifferenceState } from '../hooks/use-order-overview';

const DIFFERENCES = ['cutDiff', 'finishedDiff', 'shippedDiff'] as const;

export function DifferenceTable({ state }: { state: DifferenceState }) {
  const { t, i18n } = useTranslation('orderOverview');
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0, signDisplay: 'exceptZero' });
  const plain = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 });
  if (state.kind === 'off') return null;
  if (state.kind === 'loading') return <p className="muted">…</p>;
  if (state.kind === 'unavailable') return <p className="muted" data-testid="overview-difference-unavailable">{t('difference.unavailable')}</p>;
  if (!state.order) return <p className="muted">{t('difference.empty')}</p>;
  const notMeasured = <span className="muted" title={t('difference.notMeasured')} aria-label={t('difference.notMeasured')}>—</span>;
  const stage = (value: number | null) => (value === null ? notMeasured : plain.format(value));
  const diff = (value: number | null) => (value === null ? notMeasured : <span className={value < 0 ? 'diff-short' : value > 0 ? 'diff-over' : undefined}>{number.format(value)}</span>);
  const label = (cell: DifferenceCell) => (cell.notByCell ? t('difference.notByCell') : [cell.colorName, cell.sizeName].filter(Boolean).join(' / '));
  const row = (key: string, name: string, numbers: DifferenceNumbers, total = false) => (
    <tr key={key} className={total ? 'is-total' : undefined}>
      <th scope="row">{name}</th>
      {DIFFERENCE_STAGES.map((name) => (
        <td key={name} className="num">
          {stage(numbers[name])}
        </td>
      ))}
      {DIFFERENCES.map((name) => (
        <td key={name} className="num">
          {diff(numbers[name])}
        </td>
      ))}
    </tr>
  );
  return (
    <div className="overview-scroll" tabIndex={0} role="region" aria-label={t('difference.title')}>
      <table className="overview-table overview-difference" data-testid="overview-difference">
        <thead>
          <tr>
            <th scope="col">{t('difference.cell')}</th>
            {[...DIFFERENCE_STAGES, ...DIFFERENCES].map((name) => (
              <th key={name} scope="col" className="num">
                {t(`difference.${name}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{state.order.cells.map((cell, index) => row(`${cell.colorId}:${cell.sizeId}:${index}`, label(cell), cell))}</tbody>
        <tfoot>{row('total', t('difference.total'), state.order.totals, true)}</tfoot>
      </table>
    </div>
  );
}
