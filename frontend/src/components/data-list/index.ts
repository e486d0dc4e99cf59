export { DataList, type CardSlot, type DataListColumn, type DataListProps } from './DataList';
export { RowActionsMenu, type RowAction, type RowActionsMenuProps } from './RowActionsMenu';
export { ColumnChooser } from './ColumnChooser';
export { useColumnVisibility, columnStorageKey, type ColumnChoice, type ColumnVisibility } from './use-column-visibility';
export { useCardMode, useMediaQuery, CARD_MEDIA_QUERY } from './use-narrow';
export { useCurrencyCodes } from './use-currency-codes';
