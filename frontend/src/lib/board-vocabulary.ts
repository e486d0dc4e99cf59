// refreshType is a number on the wire (0 whole page, 1 scrolling, anything else drop-down,
// PRODUCT.md §5); screens speak of three named modes.
import type { RefreshType } from '@contracts/api';

export type RefreshMode = 'whole' | 'scroll' | 'drop';

export const REFRESH_MODES: readonly { mode: RefreshMode; value: RefreshType; icon: string }[] = [
  { mode: 'whole', value: 0, icon: 'pi pi-clone' },
  { mode: 'scroll', value: 1, icon: 'pi pi-sort-alt' },
  { mode: 'drop', value: 2, icon: 'pi pi-arrow-down' },
];

export function refreshModeOf(refreshType: RefreshType): RefreshMode {
  if (refreshType === 0) return 'whole';
  if (refreshType === 1) return 'scroll';
  return 'drop';
}

/**
 * The value the server stores for a board: an older row's other "drop-down" number (say 7)
 * becomes 2, the only one a settings change may send.
 */
export function storedRefreshType(refreshType: RefreshType): RefreshType {
  const mode = refreshModeOf(refreshType);
  return REFRESH_MODES.find((option) => option.mode === mode)!.value;
}
