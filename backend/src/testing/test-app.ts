// Boots the real app on a real, empty database for API and socket tests: a fresh database on
// the PostgreSQL server when DATABASE_URL is set, otherwise an in-memory embedded one.
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { io, type Socket } from 'socket.io-client';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { SOCKET_EVENTS, type DomainEventEnvelope, type SocketAuth } from '../../../contracts/events.js';
import { createApp } from '../app.factory.js';
import { loadConfig } from '../config/app-config.js';
import { IN_MEMORY_DATA_DIR } from '../database/embedded-postgres.js';
import { createScratchDatabase } from '../database/scratch-database.js';
import { SeedService } from '../seed/seed.service.js';

export const TEST_ADMIN_PASSWORD = 'test-admin-pass';

export interface TestApp {
  app: NestExpressApplication;
  url: string;
  http: TestAgent;
  databaseUrl?: string;
  login(username?: string, password?: string): Promise<string>;
  socket(auth: SocketAuth): Socket;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Reuse this database instead of creating one (several instances on one database). */
  databaseUrl?: string;
}

export { createScratchDatabase };

const repositoryRoot = join(dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * The migrated embedded database the in-memory test databases start from (config
 * PGLITE_TEMPLATE): named after the migrations' source and the lockfile (PGlite's version), so
 * any change to either makes — and the first boot writes — a new one. Computed once per spec file.
 */
let templateFile: string | undefined;
function pgliteTemplate(): string {
  if (templateFile) return templateFile;
  const hash = createHash('sha256');
  const migrations = join(repositoryRoot, 'backend/src/database/migrations');
  for (const name of readdirSync(migrations).sort()) hash.update(name).update(readFileSync(join(migrations, name)));
  hash.update(readFileSync(join(repositoryRoot, 'package-lock.json')));
  templateFile = join(tmpdir(), 'stitchboard-test-databases', `migrated-${hash.digest('hex').slice(0, 16)}.tar`);
  return templateFile;
}

export async function bootTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  let databaseUrl = options.databaseUrl;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (!databaseUrl && process.env.DATABASE_URL) {
    const scratch = await createScratchDatabase(process.env.DATABASE_URL);
    databaseUrl = scratch.url;
    dropDatabase = scratch.drop;
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    // The demo factory would make every test start from 30 styles; the tests seed what they need.
    SEED_DEMO: 'false',
    DATA_DIR: IN_MEMORY_DATA_DIR,
    PGLITE_TEMPLATE: pgliteTemplate(),
    FRONTEND_DIST: '/nonexistent',
    // Specs change users and sessions with raw SQL (which publishes nothing) and expect the next
    // request to see it: the session cache is off unless a spec turns it on (session-cache.api.spec.ts).
    SESSION_CACHE_TTL_MS: '0',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...options.env,
  });
  const app = await createApp(config);
  await app.get(SeedService).ensureViewer();
  await app.listen(0, '127.0.0.1');
  const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  const http = request(app.getHttpServer());
  const sockets: Socket[] = [];

  return {
    app,
    url,
    http,
    databaseUrl,
    async login(username = 'admin', password = TEST_ADMIN_PASSWORD) {
      const response = await http.post('/api/admin/login/login').type('form').send({ username, password });
      if (response.body.code !== 200) throw new Error(`login ${username} failed: ${JSON.stringify(response.body)}`);
      return response.body.data.token as string;
    },
    socket(auth) {
      const socket = io(url, { path: '/socket.io', auth, transports: ['websocket'], reconnection: false, forceNew: true });
      // The server sends a batch window's events as one `domain-events` list (realtime/fan-out.ts);
      // specs that listen to single `domain-event`s get each event of a list, in order (the
      // listeners are read again per event: a `once` listener is gone after its first).
      socket.on(SOCKET_EVENTS.domainEvents, (events: DomainEventEnvelope[]) => {
        for (const event of events) for (const listener of [...socket.listeners(SOCKET_EVENTS.domainEvent)]) listener.call(socket, event);
      });
      sockets.push(socket);
      return socket;
    },
    async close() {
      for (const socket of sockets) socket.disconnect();
      await app.close();
      await dropDatabase?.();
    },
  };
}

/** Two instances of the app on one database, for the scale-out specs. */
export interface TwoInstances {
  a: TestApp;
  b: TestApp;
  /** Closes both and drops their database. */
  close(): Promise<void>;
}

/**
 * Boots two app instances on one scratch database of the PostgreSQL server at DATABASE_URL (as the
 * shipped docker-compose runs two) and, with `redis`, behind the Redis at REDIS_URL on a stream of
 * their own (parallel runs on one Redis do not see each other's events). `env` goes to both.
 */
export async function bootTwoInstances(options: { redis?: boolean; env?: Record<string, string> } = {}): Promise<TwoInstances> {
  const scratch = await createScratchDatabase(process.env.DATABASE_URL!);
  const env = { ...options.env, ...(options.redis ? { REDIS_URL: process.env.REDIS_URL!, REDIS_STREAM_NAME: `sb-test-${randomBytes(4).toString('hex')}` } : {}) };
  const a = await bootTestApp({ databaseUrl: scratch.url, env });
  const b = await bootTestApp({ databaseUrl: scratch.url, env });
  return {
    a,
    b,
    async close() {
      await a.close();
      await b.close();
      await scratch.drop();
    },
  };
}

/** Resolves with the first payload of `event` on `socket`, or rejects after `ms`. */
export function nextEvent<T>(socket: Socket, event: string, ms = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "${event}" within ${ms} ms`)), ms);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

/** Resolves with the next domain event called `name` on `socket` (others pass by), or rejects after `ms`. */
export function nextDomainEvent(socket: Socket, name: string, ms = 5000): Promise<DomainEventEnvelope> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${name} within ${ms} ms`)), ms);
    const listener = (event: DomainEventEnvelope) => {
      if (event.name !== name) return;
      clearTimeout(timer);
      socket.off(SOCKET_EVENTS.domainEvent, listener);
      resolve(event);
    };
    socket.on(SOCKET_EVENTS.domainEvent, listener);
  });
}

/** Resolves when the socket connects; rejects with the server's refusal message. */
export function connected(socket: Socket, ms = 5000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('socket did not connect')), ms);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve();
    });
    socket.once('connect_error', (error: Error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}
