import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';

export interface RowToolsProps {
  index: number;
  count: number;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

/** Move up / move down / remove for one row of an ordered editor. */
export function RowTools({ index, count, onMove, onRemove }: RowToolsProps) {
  const { t } = useTranslation('baseData');
  return (
    <div className="row-tools">
      <Button type="button" icon="pi pi-arrow-up" text rounded size="small" aria-label={t('process.moveUp')} disabled={index === 0} onClick={() => onMove(-1)} />
      <Button
        type="button"
        icon="pi pi-arrow-down"
        text
        rounded
        size="small"
        aria-label={t('process.moveDown')}
        disabled={index === count - 1}
        onClick={() => onMove(1)}
      />
      <Button type="button" icon="pi pi-trash" text rounded size="small" severity="danger" aria-label={t('process.remove')} onClick={onRemove} />
    </div>
  );
}
