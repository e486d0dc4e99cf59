// One order opened up: its colour × size cells, then the "not by colour/size" row (pieces
// scanned without a cell, which the order's totals include), then the order's totals — so the
// rows visibly add up to the line above.
import { useTranslation } from 'react-i18next';
import type { DifferenceCell, DifferenceNumbers, DifferenceOrder } from '@contracts/difference';
import { DIFF_KEYS, DiffValue, STAGE_KEYS, StageValue } from './DiffValue';

function Numbers({ numbers, testPrefix }: { numbers: DifferenceNumbers; testPrefix: string }) {
  return (
    <>
      {STAGE_KEYS.map((key) => (
        <td key={key} className="cell-number">
          <StageValue value={numbers[key]} testId={`${testPrefix}-${key}`} />
        </td>
      ))}
      {DIFF_KEYS.map((key) => (
        <td key={key} className="cell-number cell-diff">
          <DiffValue value={numbers[key]} testId={`${testPrefix}-${key}`} />
        </td>
      ))}
    </>
  );
}

const cellKey = (cell: DifferenceCell) => (cell.notByCell ? 'none' : `${cell.colorId ?? 0}-${cell.sizeId ?? 0}`);

export function DifferenceCells({ order }: { order: DifferenceOrder }) {
  const { t } = useTranslation('statisticsDifference');
  // The explicit row last, whatever order the server sent.
  const cells = [...order.cells.filter((cell) => !cell.notByCell), ...order.cells.filter((cell) => cell.notByCell)];
  const caption = t('cells.title', { orderNo: order.orderNo });
  return (
    <div className="diff-cells" role="region" aria-label={caption} tabIndex={0} data-testid={`diff-cells-${order.orderId}`}>
      <table className="diff-cells-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('fields.color')}</th>
            <th scope="col">{t('fields.size')}</th>
            {[...STAGE_KEYS, ...DIFF_KEYS].map((key) => (
              <th key={key} scope="col" className="cell-number">
                {t(`fields.${key}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {cells.length === 0 && (
            <tr>
              <td colSpan={10} className="muted">
                {t('cells.empty')}
              </td>
            </tr>
          )}
          {cells.map((cell) => (
            <tr key={cellKey(cell)} className={cell.notByCell ? 'is-not-by-cell' : undefined} data-testid={`diff-cell-${order.orderId}-${cellKey(cell)}`}>
              {cell.notByCell ? (
                <th scope="row" colSpan={2} title={t('cells.notByCellHint')}>
                  <i className="pi pi-question-circle" aria-hidden="true" /> {t('cells.notByCell')}
                </th>
              ) : (
                <>
                  <th scope="row">{cell.colorName ?? '—'}</th>
                  <td>{cell.sizeName ?? '—'}</td>
                </>
              )}
              <Numbers numbers={cell} testPrefix={`diff-cell-${order.orderId}-${cellKey(cell)}`} />
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              {t('cells.total')}
            </th>
            <Numbers numbers={order.totals} testPrefix={`diff-cells-total-${order.orderId}`} />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
