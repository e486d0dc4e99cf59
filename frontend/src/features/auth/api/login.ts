import type { LoginResult } from '@contracts/api';
import { parsePermissionString } from '@contracts/routes';
import { apiPost } from '../../../lib/http-client';

export interface LoginCredentials {
  username: string;
  password: string;
}

export type LoginFieldErrors = Partial<Record<keyof LoginCredentials, string>>;

/** Field checks before anything is sent; values are i18n keys of the auth namespace. */
export function validateLogin(credentials: LoginCredentials): LoginFieldErrors {
  const errors: LoginFieldErrors = {};
  if (!credentials.username.trim()) errors.username = 'login.usernameRequired';
  if (!credentials.password) errors.password = 'login.passwordRequired';
  return errors;
}

/** Raised when the server accepts the password but the account may open nothing. */
export class NoPermissionError extends Error {
  constructor() {
    super('login.noPermission');
    this.name = 'NoPermissionError';
  }
}

/**
 * POST /admin/login/login. The username is trimmed (a pasted trailing space must not fail the
 * login); the password is sent as typed. An empty permission list is refused here too, so a
 * server that let one through still does not produce a session that can open nothing.
 */
export async function login(credentials: LoginCredentials): Promise<LoginResult> {
  const result = await apiPost<LoginResult>('/admin/login/login', {
    username: credentials.username.trim(),
    password: credentials.password,
  });
  if (parsePermissionString(result?.permission).length === 0) throw new NoPermissionError();
  return result;
}
