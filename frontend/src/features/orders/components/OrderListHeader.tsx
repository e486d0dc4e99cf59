// The head of every order list: title, record count (plus an optional note) and the toolbar,
// wired to the list's keyword and filters.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListState } from '../../base-data/model/list-state';
import { ListToolbar, type ListToolbarProps } from './ListToolbar';

/** What the header needs of a list from useOrderList. */
export interface OrderListHandle {
  total: number;
  keywordDraft: string;
  setKeywordDraft: (value: string) => void;
  setState: (update: (current: ListState) => ListState) => void;
  hasFilters: boolean;
  clearFilters: () => void;
}

export interface OrderListHeaderProps extends Pick<ListToolbarProps, 'onExport' | 'onCreate' | 'children'> {
  title: string;
  list: OrderListHandle;
  note?: ReactNode;
}

export function OrderListHeader({ title, list, note, onExport, onCreate, children }: OrderListHeaderProps) {
  const { t } = useTranslation('orders');
  return (
    <header className="page-header page-header-row">
      <div>
        <h1>{title}</h1>
        <p className="muted" data-testid="list-total">
          {t('list.subtitle', { count: list.total })}
          {note}
        </p>
      </div>
      <ListToolbar
        keyword={{ value: list.keywordDraft, onChange: list.setKeywordDraft, onSubmit: () => list.setState((s) => ({ ...s, keyword: list.keywordDraft, page: 1 })) }}
        hasFilters={list.hasFilters}
        onClear={list.clearFilters}
        onExport={onExport}
        onCreate={onCreate}
      >
        {children}
      </ListToolbar>
    </header>
  );
}
