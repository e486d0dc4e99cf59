// How an entity with behaviour adds to the generic list: row actions of its own (print a user's
// badge), each opening the extension's dialog for that row. The list keeps doing everything else.
import type { ComponentType } from 'react';
import type { TFunction } from 'i18next';
import type { MasterRecord } from '@contracts/master-data';
import type { RowAction } from '../../../components/data-list';

export interface ListDialogProps {
  row: MasterRecord;
  /** The key of the action that opened it. */
  action: string;
  onHide: () => void;
}

export interface ListExtension {
  /** Extra actions of a row; `open(action)` shows the extension's dialog for the row. */
  rowActions(row: MasterRecord, context: { t: TFunction; canUpdate: boolean; open: (action: string) => void }): RowAction[];
  Dialog: ComponentType<ListDialogProps>;
}
