import type { UserInfo } from '@contracts/api';
import { apiGet } from '../../../lib/http-client';
import { useAsyncData, type AsyncData } from '../../../lib/use-async';

/** GET /admin/user/info: who is signed in. */
export function getUserInfo(): Promise<UserInfo> {
  return apiGet<UserInfo>('/admin/user/info');
}

export function useUserInfo(): AsyncData<UserInfo> {
  return useAsyncData(getUserInfo);
}
