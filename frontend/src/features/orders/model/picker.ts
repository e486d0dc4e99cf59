import type { ListState } from '../../base-data/model/list-state';

/** The most recent orders, for pickers (the server caps a page at its maximum size). */
export const DEFAULT_LIST_STATE_FOR_PICKER: ListState = { page: 1, pageSize: 100, sortField: 'id', sortOrder: 'desc', keyword: '', filters: {} };
