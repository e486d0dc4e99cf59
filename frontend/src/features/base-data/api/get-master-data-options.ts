import { useEffect, useState } from 'react';
import { apiGet } from '../../../lib/http-client';

export interface MasterDataOption {
  id: number;
  code: string;
  name: string;
}

/** GET /admin/<entity>/options: id, code and name of every record, for drop-downs. */
export function getMasterDataOptions(entity: string): Promise<MasterDataOption[]> {
  return apiGet<MasterDataOption[]>(`/admin/${entity}/options`);
}

/** The options of one entity, loaded once per component that asks. */
export function useMasterDataOptions(entity: string | undefined): { options: MasterDataOption[]; loading: boolean } {
  const [state, setState] = useState<{ options: MasterDataOption[]; loading: boolean }>({ options: [], loading: Boolean(entity) });
  useEffect(() => {
    if (!entity) return;
    let live = true;
    getMasterDataOptions(entity)
      .then((options) => live && setState({ options, loading: false }))
      .catch(() => live && setState({ options: [], loading: false }));
    return () => {
      live = false;
    };
  }, [entity]);
  return state;
}

export const optionLabel = (option: MasterDataOption): string => (option.code && option.code !== option.name ? `${option.code} · ${option.name}` : option.name);
