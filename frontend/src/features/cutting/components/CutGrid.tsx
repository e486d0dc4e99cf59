// Ordered vs cut per colour × size: each cell "cut / ordered", over-cut and short highlighted
// (PRODUCT.md §4 Cut bundles). Scrolls sideways on a phone with the colour column kept.
import { Fragment } from 'react';
import type { OrderCutting } from '@contracts/bundles';
import { cutGridOf } from '../model/lay-form';
import { useFeatureTranslation } from '../../../lib/i18n';
import { cuttingLocales } from '../locales';

const stateOf = (cut: number, ordered: number) => (cut > ordered ? 'is-over' : cut < ordered ? 'is-short' : 'is-exact');

export function CutGrid({ cutting }: { cutting: OrderCutting }) {
  const { t, i18n } = useFeatureTranslation('cutting', cuttingLocales);
  const number = new Intl.NumberFormat(i18n.language);
  const grid = cutGridOf(cutting);
  const cell = (cut: number, ordered: number, testId?: string) => {
    const difference = cut - ordered;
    return (
      <td className={`cut-cell ${stateOf(cut, ordered)}`} title={t('grid.cell', { cut, ordered })} data-testid={testId}>
        <span className="cut-cell-value">
          <strong>{number.format(cut)}</strong>
          <span className="muted"> / {number.format(ordered)}</span>
        </span>
        {difference !== 0 && <span className="cut-cell-difference">{difference > 0 ? t('grid.over', { count: difference }) : t('grid.short', { count: -difference })}</span>}
      </td>
    );
  };
  return (
    <section className="cut-grid-section" aria-labelledby="cut-grid-title">
      <div className="cut-grid-head">
        <h2 id="cut-grid-title">{t('grid.title')}</h2>
        <span className="cut-legend">
          <span className="cut-legend-item is-over">{t('grid.legendOver')}</span>
          <span className="cut-legend-item is-short">{t('grid.legendShort')}</span>
          <span className="cut-legend-item is-exact">{t('grid.legendExact')}</span>
        </span>
      </div>
      <div className="cut-grid-scroll" tabIndex={0} role="region" aria-labelledby="cut-grid-title">
        <table className="cut-grid" data-testid="cut-grid">
          <thead>
            <tr>
              <th scope="col">{t('grid.colorSize')}</th>
              {cutting.sizes.map((size) => (
                <th key={size.id} scope="col">
                  {size.name}
                </th>
              ))}
              <th scope="col">{t('grid.total')}</th>
            </tr>
          </thead>
          <tbody>
            {grid.rows.map((row) => (
              <tr key={row.colorId}>
                <th scope="row">{row.colorName}</th>
                {row.cells.map((value, index) =>
                  value ? (
                    <Fragment key={cutting.sizes[index].id}>{cell(value.cut, value.ordered, `cut-${row.colorId}-${cutting.sizes[index].id}`)}</Fragment>
                  ) : (
                    <td key={cutting.sizes[index].id} className="cut-cell is-none">
                      —
                    </td>
                  ),
                )}
                {cell(row.cut, row.ordered)}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t('grid.total')}</th>
              {grid.totals.map((total, index) => (
                <Fragment key={cutting.sizes[index].id}>{cell(total.cut, total.ordered)}</Fragment>
              ))}
              {cell(grid.cut, grid.ordered)}
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}
