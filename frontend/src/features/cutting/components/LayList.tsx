// The order's lays: number, colour, plies, pieces per size, bundles, pieces, cutter and a badge
// when its bundles have moved past cutting. Edit and delete are disabled then, with the reason on
// hover and focus; the server may still refuse (another user scanned meanwhile) and says why.
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import type { LayRecord } from '@contracts/bundles';
import { DataList, type DataListColumn } from '../../../components/data-list';
import { useFeatureTranslation } from '../../../lib/i18n';
import { cuttingLocales } from '../locales';

export interface LayListProps {
  lays: LayRecord[];
  /** Editing needs a cutting process on the route. */
  canEdit: boolean;
  onEdit: (lay: LayRecord) => void;
  onDelete: (lay: LayRecord) => void;
  onPrint: (lay: LayRecord) => void;
}

export function LayList({ lays, canEdit, onEdit, onDelete, onPrint }: LayListProps) {
  const { t, i18n } = useFeatureTranslation('cutting', cuttingLocales);
  const number = new Intl.NumberFormat(i18n.language);
  const lockedTip = { showOnDisabled: true, position: 'top' as const };

  const columns: DataListColumn<LayRecord>[] = [
    {
      key: 'layNo',
      header: t('lays.layNo'),
      card: 'title',
      className: 'cell-lay-no',
      body: (lay) => (
        <span className="lay-no">
          <strong>{t('lays.layNoValue', { layNo: lay.layNo })}</strong>
          {lay.locked && (
            <>
              <Tag value={t('lays.locked')} severity="warning" icon="pi pi-lock" className="lay-locked" title={t('lays.lockedHint')} data-testid={`lay-locked-${lay.id}`} />
              {/* The reason the buttons are disabled, for screen readers (the tooltip needs a pointer). */}
              <span id={`lay-locked-hint-${lay.id}`} className="visually-hidden">
                {t('lays.lockedHint')}
              </span>
            </>
          )}
        </span>
      ),
    },
    { key: 'color', header: t('lays.color'), card: 'subtitle', className: 'cell-nowrap', body: (lay) => lay.colorName },
    { key: 'plies', header: t('lays.plies'), className: 'cell-number', body: (lay) => number.format(lay.plies) },
    {
      key: 'sizes',
      header: t('lays.sizes'),
      className: 'cell-sizes',
      body: (lay) => (
        <span className="lay-sizes-text">
          {lay.sizes.map((size) => (
            <span key={size.sizeId} className="lay-size-chip">
              {size.sizeName} {number.format(size.quantity)}
              {size.ratio !== null && <span className="muted"> ({size.ratio}×)</span>}
            </span>
          ))}
        </span>
      ),
    },
    { key: 'bundles', header: t('lays.bundles'), className: 'cell-number', body: (lay) => number.format(lay.bundleCount) },
    { key: 'pieces', header: t('lays.pieces'), className: 'cell-number', body: (lay) => number.format(lay.quantity) },
    { key: 'cutter', header: t('lays.cutter'), className: 'cell-nowrap', body: (lay) => lay.cutterName ?? '—' },
    { key: 'note', header: t('lays.note'), optional: true, body: (lay) => lay.note || '' },
    {
      key: 'actions',
      header: t('lays.actions'),
      className: 'cell-actions',
      card: 'status',
      body: (lay) => (
        <span className="lay-actions">
          <Button type="button" icon="pi pi-print" text rounded aria-label={t('lays.print')} tooltip={t('lays.print')} tooltipOptions={{ position: 'top' }} onClick={() => onPrint(lay)} data-testid={`lay-print-${lay.id}`} />
          <Button
            type="button"
            icon="pi pi-pencil"
            text
            rounded
            aria-label={t('lays.edit')}
            disabled={!canEdit || lay.locked}
            tooltip={lay.locked ? t('lays.lockedHint') : t('lays.edit')}
            tooltipOptions={lockedTip}
            aria-describedby={lay.locked ? `lay-locked-hint-${lay.id}` : undefined}
            onClick={() => onEdit(lay)}
            data-testid={`lay-edit-${lay.id}`}
          />
          <Button
            type="button"
            icon="pi pi-trash"
            text
            rounded
            severity="danger"
            aria-label={t('lays.delete')}
            disabled={lay.locked}
            tooltip={lay.locked ? t('lays.lockedHint') : t('lays.delete')}
            tooltipOptions={lockedTip}
            aria-describedby={lay.locked ? `lay-locked-hint-${lay.id}` : undefined}
            onClick={() => onDelete(lay)}
            data-testid={`lay-delete-${lay.id}`}
          />
        </span>
      ),
    },
  ];

  return <DataList listKey="cutting.lays" rows={lays} columns={columns} rowLabel={(lay) => t('lays.rowLabel', { layNo: lay.layNo })} emptyMessage={t('lays.empty')} minTableWidth={760} testId="lay-list" />;
}
