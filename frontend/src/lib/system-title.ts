// The system title (public endpoint) is fetched once per page load and shared by the page
// title, the sidebar and the login screen.
import { useEffect } from 'react';
import { createStore, useStore } from './create-store';
import { apiGet } from './http-client';

export const DEFAULT_SYSTEM_TITLE = '订单跟踪系统';

export function getSystemTitle(): Promise<string> {
  // Silent: a missing title is not worth an error toast, the default stands in.
  return apiGet<string>('/admin/setting/getSystemTitle', { silent: true });
}

const titleStore = createStore<string | null>(null);
let request: Promise<void> | null = null;

export function loadSystemTitle(fetcher: () => Promise<string> = getSystemTitle): Promise<void> {
  request ??= fetcher()
    .then((title) => titleStore.set(title?.trim() || DEFAULT_SYSTEM_TITLE))
    .catch(() => titleStore.set(DEFAULT_SYSTEM_TITLE));
  return request;
}

/** The title, or the default until it has arrived. */
export function useSystemTitle(): string {
  useEffect(() => {
    void loadSystemTitle();
  }, []);
  return useStore(titleStore, (title) => title ?? DEFAULT_SYSTEM_TITLE);
}
