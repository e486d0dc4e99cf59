// What the top bar needs to know about the signed-in account's password: set from the login
// answer at once (no flash of the app before the forced change) and refreshed from user/info.
import { createStore, useStore } from '../../../lib/create-store';

export interface AccountState {
  /** Someone else set the password: nothing else opens until it is changed. */
  mustChangePassword: boolean;
  /** A published built-in default (try-out accounts): a warning stays until it is changed. */
  passwordIsDefault: boolean;
}

const STORAGE_KEY = 'stitchboard.account';

function read(): AccountState {
  try {
    const stored = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? 'null') as AccountState | null;
    if (stored) return { mustChangePassword: Boolean(stored.mustChangePassword), passwordIsDefault: Boolean(stored.passwordIsDefault) };
  } catch {
    // Blocked or malformed storage: start from "nothing pending"; user/info corrects it.
  }
  return { mustChangePassword: false, passwordIsDefault: false };
}

export const accountStore = createStore<AccountState>(read());

export function setAccountState(next: AccountState): void {
  const state = { mustChangePassword: next.mustChangePassword === true, passwordIsDefault: next.passwordIsDefault === true };
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(state));
  } catch {
    // Storage can be blocked; the store still holds it for this page.
  }
  const current = accountStore.get();
  if (current.mustChangePassword !== state.mustChangePassword || current.passwordIsDefault !== state.passwordIsDefault) accountStore.set(state);
}

export function useAccountState<S>(selector: (state: AccountState) => S): S {
  return useStore(accountStore, selector);
}
