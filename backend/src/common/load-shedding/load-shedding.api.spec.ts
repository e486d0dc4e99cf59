// Bounded API concurrency: beyond the in-flight limit requests wait in a short queue; beyond the
// queue (or past the wait) they get 503 + Retry-After with a translated "server busy" message.
// Accepted requests are carried out exactly once; refused ones leave nothing behind.
import express from 'express';
import request from 'supertest';
import { randomUUID } from 'node:crypto';
import { setUpProduction } from '../../testing/production-fixture.js';
import { bootTestApp, type TestApp } from '../../testing/test-app.js';
import { ConcurrencyLimiter } from './concurrency-limiter.js';

describe('load shedding on the booted app (API)', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await bootTestApp({ env: { MAX_CONCURRENT_REQUESTS: '2', MAX_QUEUED_REQUESTS: '2', QUEUE_TIMEOUT_MS: '10000' } });
    token = await t.login();
  });
  afterAll(() => t.close());

  it('a burst of 40 writes: the excess gets 503 + Retry-After, every accepted write is stored exactly once', async () => {
    const BURST = 40;
    const sent = Array.from({ length: BURST }, (_, i) => `BURST-${i}`);
    const responses = await Promise.all(
      sent.map((code, i) =>
        t.http
          .post('/api/admin/color/create')
          .set('token', token)
          .set('Accept-Language', i % 2 ? 'en' : 'zh-CN')
          .type('form')
          .send({ code, name: `burst ${code}` }),
      ),
    );
    // Health (and static files) are never held back, even while the API is saturated.
    const accepted = sent.filter((_, i) => responses[i].status === 200);
    const refused = responses.filter((response) => response.status === 503);
    console.log(`load shedding: sent ${BURST} concurrent writes (limit 2 + queue 2): ${accepted.length} × 200, ${refused.length} × 503`);
    expect(accepted.length + refused.length).toBe(BURST);
    expect(accepted.length).toBeGreaterThanOrEqual(4);
    expect(refused.length).toBeGreaterThan(0);
    for (const [i, response] of responses.entries()) {
      if (response.status !== 503) continue;
      expect(response.headers['retry-after']).toBe('2');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).toEqual({
        code: 503,
        message: i % 2 ? 'The server is busy, please retry shortly' : '服务器繁忙，请稍后重试',
        data: { errorKey: 'serverBusy' },
      });
    }

    const list = await t.http.get('/api/admin/color/list').set('token', token).query({ keyword: 'BURST-', pageSize: 100 });
    const stored = (list.body.data.list as { code: string }[]).map((row) => row.code).sort();
    expect(stored).toEqual([...accepted].sort());
  });

  it('scans on the lean path share the limit with every other endpoint: refused ones count nothing', async () => {
    const f = await setUpProduction(t);
    const order = await f.createOrder({ quantities: [100, 100, 100, 100, 100, 100] });
    const scans = Array.from({ length: 30 }, () =>
      t.http.post('/api/admin/scan/record').set('token', token).type('form').send({ scanId: randomUUID(), orderId: order.id, processId: f.processes.cut, quantity: 1 }),
    );
    const others = Array.from({ length: 10 }, () => t.http.get('/api/admin/color/list').set('token', token));
    const answers = await Promise.all([...scans, ...others].map((pending) => pending.then((response) => response)));
    const scanAnswers = answers.slice(0, scans.length);
    expect(answers.every((answer) => answer.status === 200 || answer.status === 503)).toBe(true);
    const recorded = scanAnswers.filter((answer) => answer.status === 200).length;
    const refused = scanAnswers.filter((answer) => answer.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) {
      expect(answer.headers['retry-after']).toBe('2');
      expect(answer.body.data).toEqual({ errorKey: 'serverBusy' });
    }
    const [step] = await f.db.query(`SELECT done_quantity FROM production_order_step WHERE order_id = $1 AND process_id = $2`, [order.id, f.processes.cut]);
    expect(step.done_quantity).toBe(recorded);
  });

  it('health is never turned away during a burst, and the API serves again afterwards', async () => {
    // supertest sends on then(): start them all now, health among them.
    const burst = Array.from({ length: 40 }, () => t.http.get('/api/admin/color/list').set('token', token).then((response) => response));
    const health = await Promise.all(Array.from({ length: 5 }, () => t.http.get('/api/health').then((response) => response)));
    expect(health.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    const statuses = (await Promise.all(burst)).map((response) => response.status);
    expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
    expect((await t.http.get('/api/admin/color/list').set('token', token)).status).toBe(200);
  });
});

describe('ConcurrencyLimiter (queue and wait timeout)', () => {
  function appWith(limiter: ConcurrencyLimiter, holdMs: number) {
    const app = express();
    app.use(limiter.middleware);
    app.get('/api/slow', (_request, response) => {
      setTimeout(() => response.json({ code: 200 }), holdMs);
    });
    app.get('/api/health', (_request, response) => response.json({ code: 200 }));
    app.get('/index.html', (_request, response) => response.send('page'));
    return app;
  }

  it('queued requests run in turn; those waiting longer than the timeout get 503; nothing leaks', async () => {
    const limiter = new ConcurrencyLimiter({ maxConcurrent: 1, maxQueued: 5, queueTimeoutMs: 250, retryAfterSeconds: 3 });
    const server = appWith(limiter, 150).listen(0, '127.0.0.1');
    try {
      const agent = request(server);
      // 1 runs (150 ms), the 2nd waits 150 ms and runs, the 3rd would wait 300 ms > 250: refused.
      const burst = await Promise.all([0, 1, 2, 3].map(() => agent.get('/api/slow').set('Accept-Language', 'en')));
      const statuses = burst.map((response) => response.status).sort();
      expect(statuses).toEqual([200, 200, 503, 503]);
      const refused = burst.find((response) => response.status === 503)!;
      expect(refused.headers['retry-after']).toBe('3');
      expect(refused.body.message).toBe('The server is busy, please retry shortly');
      // Exempt paths pass even when the queue is full.
      const full = new ConcurrencyLimiter({ maxConcurrent: 1, maxQueued: 0, queueTimeoutMs: 1000, retryAfterSeconds: 1 });
      const fullServer = appWith(full, 300).listen(0, '127.0.0.1');
      try {
        const fullAgent = request(fullServer);
        const busy = fullAgent.get('/api/slow').then((response) => response);
        await new Promise((wake) => setTimeout(wake, 50));
        expect((await fullAgent.get('/api/slow')).status).toBe(503);
        expect((await fullAgent.get('/api/health')).status).toBe(200);
        expect((await fullAgent.get('/index.html')).status).toBe(200);
        expect((await busy).status).toBe(200);
      } finally {
        fullServer.close();
      }
      expect(limiter.inFlight).toBe(0);
      expect(limiter.queued).toBe(0);
      expect(limiter.refused).toBe(2);
    } finally {
      server.close();
    }
  });

  it('a client that gives up while queued leaves the queue', async () => {
    const limiter = new ConcurrencyLimiter({ maxConcurrent: 1, maxQueued: 5, queueTimeoutMs: 5000, retryAfterSeconds: 1 });
    const server = appWith(limiter, 300).listen(0, '127.0.0.1');
    try {
      const agent = request(server);
      const first = agent.get('/api/slow').then((response) => response);
      await new Promise((wake) => setTimeout(wake, 50));
      const abandoned = agent.get('/api/slow').timeout(50);
      await expect(abandoned).rejects.toThrow();
      await new Promise((wake) => setTimeout(wake, 20));
      expect(limiter.inFlight).toBe(1);
      expect(limiter.queued).toBe(0);
      expect((await first).status).toBe(200);
      expect((await agent.get('/api/slow')).status).toBe(200);
      expect(limiter.inFlight).toBe(0);
    } finally {
      server.close();
    }
  });
});
