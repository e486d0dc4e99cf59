import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { SecurityLogService } from '../security-log/security-log.service.js';
import { createActiveUser } from '../testing/accounts.js';
import { bootTestApp, type TestApp } from '../testing/test-app.js';

describe('user avatar (API)', () => {
  let t: TestApp;
  let admin: string;
  let worker: { id: number; token: string };

  beforeAll(async () => {
    t = await bootTestApp();
    admin = await t.login();
    // Holds no screen that uploads images: an avatar is still theirs to set.
    worker = await createActiveUser(t, admin, { username: 'avatar.worker', nickname: '李娜', password: 'Worker-pass-2026', permissions: 'Home' });
  });
  afterAll(() => t.close());

  const png = () => sharp({ create: { width: 300, height: 300, channels: 3, background: '#0f766e' } }).png().toBuffer();
  const uploadAvatar = async (token: string) => {
    const response = await t.http.post('/api/admin/upload/avatar').set('token', token).attach('file', await png(), 'me.png');
    expect(response.status).toBe(200);
    return response.body.data.id as string;
  };
  const setAvatar = (token: string, body: Record<string, unknown>, language = 'zh-CN') =>
    t.http.post('/api/admin/user/updateAvatar').set('token', token).set('Accept-Language', language).send(body);
  const info = async (token: string) => (await t.http.get('/api/admin/user/info').set('token', token)).body.data as { id: number; avatar: string };

  it('starts without an avatar', async () => {
    expect((await info(worker.token)).avatar).toBe('');
  });

  it('lets any user upload an image and make it their avatar; user/info then names it', async () => {
    // The general image upload stays with the screens that store images.
    expect((await t.http.post('/api/admin/upload/image').set('token', worker.token).attach('file', await png(), 'me.png')).status).toBe(403);
    const id = await uploadAvatar(worker.token);
    const set = await setAvatar(worker.token, { avatar: id });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ code: 200, data: { id: worker.id, avatar: id } });
    expect((await info(worker.token)).avatar).toBe(id);
    // The admin's own avatar is untouched.
    expect((await info(admin)).avatar).toBe('');
    const thumbnail = await t.http.get(`/api/admin/upload/image/${id}/thumbnail`).set('token', worker.token);
    expect(thumbnail.status).toBe(200);

    await t.app.get(SecurityLogService).flush();
    const rows: { actor_user_id: number; result: string }[] = await t.app
      .get(DataSource)
      .query(`SELECT actor_user_id, result FROM security_event WHERE action = 'user.avatar' ORDER BY id DESC LIMIT 1`);
    expect(rows).toEqual([{ actor_user_id: worker.id, result: 'success' }]);
  });

  it('refuses an unknown or malformed id with a translated 400 and keeps the avatar', async () => {
    const before = (await info(worker.token)).avatar;
    for (const avatar of ['0123456789abcdef0123456789abcdef', 'not-an-id', '../../etc/passwd']) {
      const zh = await setAvatar(worker.token, { avatar });
      expect(zh.status).toBe(400);
      expect(zh.body).toMatchObject({ code: 400, message: '图片不存在，请重新上传', data: { errorKey: 'uploadNotFound', field: 'avatar' } });
    }
    expect((await setAvatar(worker.token, { avatar: 'x'.repeat(65) }, 'en')).body).toMatchObject({ code: 400, data: { errorKey: 'validation', field: 'avatar' } });
    expect((await setAvatar(worker.token, { avatar: { id: 1 } })).status).toBe(400);
    // Saying nothing is not "remove": null or an empty value is.
    expect((await setAvatar(worker.token, {}, 'en')).body).toMatchObject({ code: 400, data: { errorKey: 'validation', field: 'avatar' } });
    expect((await info(worker.token)).avatar).toBe(before);
  });

  it("cannot take another user's upload, nor set another user's avatar", async () => {
    const adminsImage = await uploadAvatar(admin);
    const refused = await setAvatar(worker.token, { avatar: adminsImage }, 'en');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ message: 'The image does not exist, please upload it again', data: { errorKey: 'uploadNotFound' } });
    const before = (await info(worker.token)).avatar;
    expect(before).not.toBe(adminsImage);

    // There is no "whose" field: an administrator naming the worker sets only their own avatar.
    const other = await setAvatar(admin, { avatar: adminsImage, userId: worker.id, id: worker.id });
    expect(other.status).toBe(200);
    expect(other.body.data.id).not.toBe(worker.id);
    expect((await info(admin)).avatar).toBe(adminsImage);
    expect((await info(worker.token)).avatar).toBe(before);
  });

  it('removes the avatar with null or an empty value, and needs a session', async () => {
    expect((await setAvatar(worker.token, { avatar: null })).status).toBe(200);
    expect((await info(worker.token)).avatar).toBe('');
    const id = await uploadAvatar(worker.token);
    await setAvatar(worker.token, { avatar: id });
    expect((await t.http.post('/api/admin/user/updateAvatar').set('token', worker.token).type('form').send({ avatar: '' })).status).toBe(200);
    expect((await info(worker.token)).avatar).toBe('');
    expect((await t.http.post('/api/admin/user/updateAvatar').send({ avatar: id })).status).toBe(401);
    expect((await t.http.post('/api/admin/upload/avatar').attach('file', await png(), 'me.png')).status).toBe(401);
  });
});
