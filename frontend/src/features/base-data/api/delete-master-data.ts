import { apiPost } from '../../../lib/http-client';

/** POST /admin/<entity>/delete. Refused (409) while other records use it; the message says which. */
export function deleteMasterData(entity: string, id: number): Promise<null> {
  return apiPost<null>(`/admin/${entity}/delete`, { id });
}
