import { useEffect, useState } from 'react';
import { apiGet } from '../../../lib/http-client';

/** A process or customer a board can be limited to. */
export interface BoardScopeOption {
  id: number;
  code: string;
  name: string;
}

export interface BoardScopeOptions {
  processes: BoardScopeOption[];
  customers: BoardScopeOption[];
  loading: boolean;
}

/** GET /admin/process/options and /admin/customer/options: the choices of the board scope. */
export function getBoardScopeOptions(): Promise<Omit<BoardScopeOptions, 'loading'>> {
  return Promise.all([apiGet<BoardScopeOption[]>('/admin/process/options'), apiGet<BoardScopeOption[]>('/admin/customer/options')]).then(
    ([processes, customers]) => ({ processes, customers }),
  );
}

export function useBoardScopeOptions(): BoardScopeOptions {
  const [state, setState] = useState<BoardScopeOptions>({ processes: [], customers: [], loading: true });
  useEffect(() => {
    let live = true;
    getBoardScopeOptions()
      .then((options) => live && setState({ ...options, loading: false }))
      // The pickers stay empty; the rest of the form still saves (the failure was shown by the client).
      .catch(() => live && setState((current) => ({ ...current, loading: false })));
    return () => {
      live = false;
    };
  }, []);
  return state;
}
