import { setUpProduction, type ProductionFixture } from '../testing/production-fixture.js';
import { bootTestApp, type TestApp } from '../testing/test-app.js';

// The board snapshot is the costliest read, and the board key opens it without a login: limited
// per caller and address, and for the key as a whole (small limits here to see them bite).
describe('board snapshot rate limits (API)', () => {
  let t: TestApp;
  let f: ProductionFixture;
  let boardKey: string;

  beforeAll(async () => {
    t = await bootTestApp({ env: { BOARD_SNAPSHOTS_PER_MINUTE: '4', BOARD_KEY_SNAPSHOTS_PER_MINUTE: '6' } });
    f = await setUpProduction(t);
    ({ boardKey } = await f.data<{ boardKey: string }>(f.get('setting/getDashboardSetting')));
  });
  afterAll(() => t.close());

  const snapshot = (headers: Record<string, string>, address: string) =>
    t.http.get('/api/board/snapshot').set(headers).set('X-Forwarded-For', address).set('Accept-Language', 'en');

  it('refuses a burst from one address with the board key: exactly the limit pass, the rest 429 with Retry-After', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => snapshot({ boardKey }, '10.20.0.1')));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(4);
    expect(statuses.filter((status) => status === 429)).toHaveLength(6);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(refused.body).toMatchObject({ code: 429, message: 'Too many requests, try again later', data: { errorKey: 'tooManyRequests' } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits the board key as a whole across addresses, while a logged-in board keeps its own budget', async () => {
    // 4 already used by the key above; 2 more from other addresses reach the key's limit of 6.
    expect((await snapshot({ boardKey }, '10.20.0.2')).status).toBe(200);
    expect((await snapshot({ boardKey }, '10.20.0.3')).status).toBe(200);
    expect((await snapshot({ boardKey }, '10.20.0.4')).status).toBe(429);
    expect((await snapshot({ token: f.admin }, '10.20.0.4')).status).toBe(200);
  });

  it('counts a session per address: another session from the same address is not refused', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await snapshot({ token: f.admin }, '10.20.0.5')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    const other = await t.login();
    expect((await snapshot({ token: other }, '10.20.0.5')).status).toBe(200);
  });
});
