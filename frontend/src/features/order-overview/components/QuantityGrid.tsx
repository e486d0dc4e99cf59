// The colour × size grid of the order: colours down, sizes across, totals on both sides.
import { useTranslation } from 'react-i18next';
import type { OverviewGrid } from '@contracts/order-overview';

export function QuantityGrid({ grid }: { grid: OverviewGrid }) {
  const { t, i18n } = useTranslation('orderOverview');
  const number = new Intl.NumberFormat(i18n.language);
  const quantityOf = new Map(grid.cells.map((cell) => [`${cell.colorId}:${cell.sizeId}`, cell.quantity]));
  // Only the colours and sizes the order uses: a style with ten colours ordered in two stays small.
  const colors = grid.colors.filter((color) => grid.sizes.some((size) => quantityOf.has(`${color.id}:${size.id}`)));
  const sizes = grid.sizes.filter((size) => colors.some((color) => quantityOf.has(`${color.id}:${size.id}`)));
  const cell = (colorId: number, sizeId: number) => quantityOf.get(`${colorId}:${sizeId}`) ?? 0;
  const rowTotal = (colorId: number) => sizes.reduce((sum, size) => sum + cell(colorId, size.id), 0);
  const columnTotal = (sizeId: number) => colors.reduce((sum, color) => sum + cell(color.id, sizeId), 0);
  const total = colors.reduce((sum, color) => sum + rowTotal(color.id), 0);
  if (colors.length === 0) return <p className="muted">{t('grid.empty')}</p>;
  return (
    <div className="overview-scroll" tabIndex={0} role="region" aria-label={t('grid.caption')}>
      <table className="overview-table overview-grid" data-testid="overview-grid">
        <caption className="visually-hidden">{t('grid.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('grid.color')}</th>
            {sizes.map((size) => (
              <th key={size.id} scope="col" className="num">
                {size.name}
              </th>
            ))}
            <th scope="col" className="num">
              {t('grid.total')}
            </th>
          </tr>
        </thead>
        <tbody>
          {colors.map((color) => (
            <tr key={color.id}>
              <th scope="row">
                <span className="overview-swatch" style={{ background: color.hex || 'transparent' }} aria-hidden="true" />
                {color.name}
              </th>
              {sizes.map((size) => (
                <td key={size.id} className="num" data-testid={`grid-${color.id}-${size.id}`}>
                  {cell(color.id, size.id) ? number.format(cell(color.id, size.id)) : <span className="muted">·</span>}
                </td>
              ))}
              <td className="num strong">{number.format(rowTotal(color.id))}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('grid.total')}</th>
            {sizes.map((size) => (
              <td key={size.id} className="num strong">
                {number.format(columnTotal(size.id))}
              </td>
            ))}
            <td className="num strong" data-testid="grid-total">
              {number.format(total)}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
