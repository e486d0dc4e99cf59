import { Inject, Injectable } from '@nestjs/common';
import { availableParallelism } from 'node:os';
import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { APP_CONFIG, OWASP_SCRYPT_LOG_N, type AppConfig } from '../config/app-config.js';
import { DomainException } from '../common/errors/domain.exception.js';

// scrypt: slow, salted, memory-hard, and in Node's standard library (no native addon to build).
// Stored as `scrypt$N$r$p$salt$hash` so the cost can be raised later without breaking old hashes:
// a hash made at another cost still verifies, and is re-made at the current cost on login.
// OWASP (2024): N=2^17, r=8, p=1 — 128 MiB and about half a second per hash on our machines.
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

export function costOf(log2N: number): ScryptCost {
  return { N: 2 ** log2N, r: R, p: P };
}

function scrypt(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  // scrypt needs 128·N·r bytes; Node refuses above maxmem (32 MiB by default).
  const maxmem = 128 * cost.N * cost.r + 16 * 1024 * 1024;
  return new Promise((resolve, reject) =>
    scryptCallback(password, salt, KEY_LENGTH, { ...cost, maxmem }, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

export async function hashPassword(password: string, cost: ScryptCost = costOf(OWASP_SCRYPT_LOG_N)): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$');
}

function parse(stored: string): { cost: ScryptCost; salt: Buffer; hash: Buffer } | null {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  if (scheme !== 'scrypt' || !salt || !hash) return null;
  // A corrupt row must not make the server try a 2^40 scrypt: only sane parameters are run.
  if (!Number.isInteger(cost.N) || cost.N < 2 || cost.N > 2 ** 20 || (cost.N & (cost.N - 1)) !== 0) return null;
  if (!Number.isInteger(cost.r) || cost.r < 1 || cost.r > 32 || !Number.isInteger(cost.p) || cost.p < 1 || cost.p > 16) return null;
  return { cost, salt: Buffer.from(salt, 'base64'), hash: Buffer.from(hash, 'base64') };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const actual = await scrypt(password, parsed.salt, parsed.cost);
  return actual.length === parsed.hash.length && timingSafeEqual(actual, parsed.hash);
}

/** True when a stored hash was made at another cost than `cost` (it is then re-made on login). */
export function needsRehash(stored: string, cost: ScryptCost): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.cost.N !== cost.N || parsed.cost.r !== cost.r || parsed.cost.p !== cost.p;
}

/** A hash nothing matches (all-zero key), at the given cost. */
export function dummyHash(cost: ScryptCost): string {
  return ['scrypt', cost.N, cost.r, cost.p, Buffer.alloc(16).toString('base64'), Buffer.alloc(KEY_LENGTH).toString('base64')].join('$');
}

/**
 * Every scrypt of the app goes through here: at most `concurrency` at once (about one per core:
 * more only queue in libuv's four-thread pool and stall file and DNS work) and at most
 * `queueLimit` waiting; beyond that the caller gets a 503 "busy" at once, so a burst of logins —
 * even for unknown usernames — cannot fill the thread pool or memory (128 MiB per hash).
 */
@Injectable()
export class PasswordHasher {
  readonly cost: ScryptCost;
  /** Verified against when the username does not exist, so both cases take the same time. */
  readonly dummyHash: string;
  private readonly concurrency: number;
  private readonly queueLimit: number;
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** How many password verifications ran (tests count what reached the password check). */
  verifications = 0;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.cost = costOf(config.PASSWORD_SCRYPT_LOG_N);
    this.dummyHash = dummyHash(this.cost);
    this.concurrency = config.PASSWORD_HASH_CONCURRENCY ?? Math.max(1, availableParallelism());
    // Four rounds of waiting at most: at the OWASP cost about 2 s (4 s on a loaded machine),
    // well inside a client's timeout, instead of a queue that outlives the request.
    this.queueLimit = config.PASSWORD_HASH_QUEUE ?? 4 * this.concurrency;
  }

  hash(password: string): Promise<string> {
    return this.run(() => hashPassword(password, this.cost));
  }

  verify(password: string, stored: string | undefined | null): Promise<boolean> {
    return this.run(() => {
      this.verifications += 1;
      return verifyPassword(password, stored || this.dummyHash);
    });
  }

  needsRehash(stored: string): boolean {
    return needsRehash(stored, this.cost);
  }

  /** Seconds a refused caller should wait: one round of the queue, rounded up. */
  get retryAfterSeconds(): number {
    return 1 + Math.ceil(this.waiting.length / Math.max(1, this.concurrency));
  }

  private async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.queueLimit) throw new DomainException('passwordCheckBusy', { seconds: this.retryAfterSeconds });
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await work();
    } finally {
      // Hand the slot straight to the next waiter (running stays the same), or free it.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
