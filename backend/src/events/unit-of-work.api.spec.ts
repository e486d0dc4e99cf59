import type { PoolClient } from 'pg';
import { DataSource } from 'typeorm';
import { bootTestApp, type TestApp } from '../testing/test-app.js';
import type { DomainEventEnvelope } from '../../../contracts/events.js';
import { EventBus } from './event-bus.service.js';
import { UnitOfWork, type Transaction } from './unit-of-work.service.js';

// STACK-NOTES trap 4: on a shared single connection, one transaction's rollback can wipe
// another's committed rows. This runs on whichever database the suite runs on (PGlite or the
// real server) and must hold on both.
describe('concurrent transactions on the configured database', () => {
  let t: TestApp;
  let db: DataSource;
  let unitOfWork: UnitOfWork;

  beforeAll(async () => {
    t = await bootTestApp();
    db = t.app.get(DataSource);
    unitOfWork = t.app.get(UnitOfWork);
  });
  afterAll(() => t.close());

  it('keeps every committed transaction and none of the rolled-back ones', async () => {
    const runs = Array.from({ length: 40 }, (_, index) =>
      unitOfWork.run(async (tx) => {
        await tx.manager.query(`INSERT INTO department (code, name) VALUES ($1, $2)`, [`T${index}`, `concurrency ${index}`]);
        tx.publish('settings.dashboardUpdated', { index } as never, ['test']);
        // Let the other transactions interleave before deciding.
        await new Promise((resolve) => setTimeout(resolve, (index * 7) % 20));
        if (index % 3 === 0) throw new Error(`roll back ${index}`);
        return index;
      }),
    );
    const results = await Promise.allSettled(runs);
    const committed = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    expect(committed).toHaveLength(26);

    const rows: { code: string }[] = await db.query(`SELECT code FROM department WHERE code LIKE 'T%' ORDER BY code`);
    expect(rows.map((row) => row.code).sort()).toEqual(committed.map((index) => `T${index}`).sort());
    const events: { payload: { index: number } }[] = await db.query(`SELECT payload FROM domain_event WHERE rooms = '{test}'`);
    expect(events.map((event) => event.payload.index).sort((a, b) => a - b)).toEqual([...committed].sort((a, b) => a - b));
  });

  it('gives events strictly increasing sequence numbers', async () => {
    const rows: { seq: string }[] = await db.query(`SELECT seq FROM domain_event ORDER BY created_at, seq`);
    const seqs = rows.map((row) => Number(row.seq));
    expect(new Set(seqs).size).toBe(seqs.length);
  });
});

// The scan's pipelined transaction (UnitOfWork.run with `pipelined`): BEGIN and COMMIT travel
// with the work's statements. Only a PostgreSQL server's connections pipeline (DB_PIPELINE).
(process.env.DATABASE_URL ? describe : describe.skip)('a pipelined unit of work on PostgreSQL', () => {
  let t: TestApp;
  let db: DataSource;
  let unitOfWork: UnitOfWork;
  const delivered: DomainEventEnvelope[] = [];

  beforeAll(async () => {
    t = await bootTestApp();
    db = t.app.get(DataSource);
    unitOfWork = t.app.get(UnitOfWork);
    t.app.get(EventBus).register({ deliver: (events) => delivered.push(...events), endSessions: () => undefined, endBoardKeySockets: () => undefined });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    delivered.length = 0;
  });

  const codes = async (prefix: string): Promise<string[]> =>
    ((await db.query(`SELECT code FROM department WHERE code LIKE $1 ORDER BY code`, [`${prefix}%`])) as { code: string }[]).map((row) => row.code);
  const insert = (tx: Transaction, code: string) => tx.manager.query(`INSERT INTO department (code, name) VALUES ($1, $1)`, [code]);
  // As the scan repository sends: straight to the transaction's connection, before any await.
  const sendNow = (tx: Transaction, code: string) =>
    (tx.manager.queryRunner as unknown as { databaseConnection: PoolClient }).databaseConnection.query(`INSERT INTO department (code, name) VALUES ($1, $1)`, [code]);

  it('sends statements before the answers arrive and commits with the last write', async () => {
    const result = await unitOfWork.run(
      async (tx) => {
        expect(tx.pipelined).toBe(true);
        const first = sendNow(tx, 'PA1');
        await Promise.all([first, tx.lastWrite(() => sendNow(tx, 'PA2'))]);
        return 'done';
      },
      { pipelined: true },
    );
    expect(result).toBe('done');
    expect(await codes('PA')).toEqual(['PA1', 'PA2']);
  });

  it('is an ordinary transaction when the work does not ask for the pipeline', async () => {
    await unitOfWork.run(async (tx) => {
      expect(tx.pipelined).toBe(false);
      await tx.lastWrite(() => insert(tx, 'PB1'));
    });
    expect(await codes('PB')).toEqual(['PB1']);
  });

  it('keeps nothing when the last write fails behind its COMMIT', async () => {
    const run = unitOfWork.run(
      async (tx) => {
        const first = sendNow(tx, 'PC1');
        const duplicate = tx.lastWrite(() => sendNow(tx, 'PC1'));
        await first;
        await duplicate;
      },
      { pipelined: true },
    );
    await expect(run).rejects.toThrow(/duplicate key/);
    expect(await codes('PC')).toEqual([]);
    // The connection is clean for the next transaction (its COMMIT was answered with ROLLBACK).
    await unitOfWork.run(async (tx) => insert(tx, 'PC2'), { pipelined: true });
    expect(await codes('PC')).toEqual(['PC2']);
  });

  it('rolls back on a refusal before the last write, and delivers nothing', async () => {
    const run = unitOfWork.run(
      async (tx) => {
        await insert(tx, 'PD1');
        tx.publish('settings.dashboardUpdated', { refused: true } as never, ['pipelined']);
        throw new Error('refused');
      },
      { pipelined: true },
    );
    await expect(run).rejects.toThrow('refused');
    expect(await codes('PD')).toEqual([]);
    expect(delivered).toEqual([]);
  });

  it('appends published events before COMMIT, even when the work said its last write was sent', async () => {
    await unitOfWork.run(
      async (tx) => {
        tx.publish('settings.dashboardUpdated', { published: 1 } as never, ['pipelined']);
        await tx.lastWrite(() => sendNow(tx, 'PE1'));
      },
      { pipelined: true },
    );
    expect(delivered.map((event) => event.payload)).toEqual([{ published: 1 }]);
    const logged: { payload: unknown }[] = await db.query(`SELECT payload FROM domain_event WHERE rooms = '{pipelined}'`);
    expect(logged.map((row) => row.payload)).toEqual([{ published: 1 }]);
  });

  it('refuses a publish after COMMIT went out', async () => {
    const run = unitOfWork.run(
      async (tx) => {
        await tx.lastWrite(() => sendNow(tx, 'PF1'));
        tx.publish('settings.dashboardUpdated', { late: true } as never, ['pipelined']);
      },
      { pipelined: true },
    );
    await expect(run).rejects.toThrow(/published after the transaction's last write/);
    // What was written before the COMMIT is committed; the late event went nowhere.
    expect(await codes('PF')).toEqual(['PF1']);
    expect(delivered).toEqual([]);
  });

  it('never lets COMMIT overtake a write that awaits before it is sent', async () => {
    const run = unitOfWork.run(
      async (tx) => {
        // TypeORM's manager.query awaits before handing its statement over: no COMMIT behind it,
        // so the refusal that follows still rolls it back.
        await tx.lastWrite(() => insert(tx, 'PI1'));
        await insert(tx, 'PI1');
      },
      { pipelined: true },
    );
    await expect(run).rejects.toThrow(/duplicate key/);
    expect(await codes('PI')).toEqual([]);
  });

  it("makes TypeORM's nested transaction a savepoint of this one", async () => {
    const run = unitOfWork.run(
      async (tx) => {
        await tx.manager.transaction((inner) => inner.query(`INSERT INTO department (code, name) VALUES ('PG1', 'nested')`));
        await insert(tx, 'PG2');
        throw new Error('outer refused');
      },
      { pipelined: true },
    );
    await expect(run).rejects.toThrow('outer refused');
    expect(await codes('PG')).toEqual([]);
  });

  it('fails the work when its connection is killed mid-transaction, and the pool heals', async () => {
    const run = unitOfWork.run(
      async (tx) => {
        const [{ pid }]: { pid: number }[] = await tx.manager.query(`SELECT pg_backend_pid() AS pid`);
        await db.query(`SELECT pg_terminate_backend($1)`, [pid]);
        await tx.lastWrite(() => sendNow(tx, 'PH1'));
      },
      { pipelined: true },
    );
    await expect(run).rejects.toThrow();
    expect(await codes('PH')).toEqual([]);
    await unitOfWork.run(async (tx) => insert(tx, 'PH2'), { pipelined: true });
    expect(await codes('PH')).toEqual(['PH2']);
  });
});
