// Accounts in tests behave as in production: a password an administrator set must be changed at
// the first login (everything else answers 403 until then). These helpers do what the user does.
import type { TestApp } from './test-app.js';

/** The password a test user ends up with after `firstLogin(t, name, temporary)`. */
export const chosenPassword = (temporary: string): string => `${temporary}-own`;

/**
 * Logs in with the password an administrator set and changes it, as the forced-change screen
 * makes the user do. Returns the session token (it stays valid after the change).
 */
export async function firstLogin(t: TestApp, username: string, temporary: string, chosen = chosenPassword(temporary)): Promise<string> {
  const token = await t.login(username, temporary);
  const changed = await t.http
    .post('/api/admin/user/changePassword')
    .set('token', token)
    .type('form')
    .send({ currentPassword: temporary, newPassword: chosen });
  if (changed.body.code !== 200) throw new Error(`password change of ${username} failed: ${JSON.stringify(changed.body)}`);
  return token;
}

/**
 * An active account: created by the administrator with `permissions`, first login done, password
 * now `password`. Returns its id, current version and a session token.
 */
export async function createActiveUser(
  t: TestApp,
  adminToken: string,
  user: { username: string; password: string; permissions: string; nickname?: string } & Record<string, unknown>,
): Promise<{ id: number; version: number; token: string }> {
  const { username, password, permissions, nickname, ...extra } = user;
  const temporary = `${password}-first`;
  const post = (path: string, body: Record<string, unknown>) =>
    t.http.post(`/api/admin/${path}`).set('token', adminToken).type('form').send(body);
  const created = await post('user/create', { username, nickname: nickname ?? username, password: temporary, ...extra });
  if (created.body.code !== 200) throw new Error(`create ${username} failed: ${JSON.stringify(created.body)}`);
  const granted = await post('user/updatePermission', { id: created.body.data.id, version: created.body.data.version, permissions });
  if (granted.body.code !== 200) throw new Error(`permissions of ${username} failed: ${JSON.stringify(granted.body)}`);
  const token = await firstLogin(t, username, temporary, password);
  const detail = await t.http.get('/api/admin/user/detail').set('token', adminToken).query({ id: created.body.data.id });
  return { id: created.body.data.id, version: detail.body.data.version, token };
}
