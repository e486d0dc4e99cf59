import { DataSource } from 'typeorm';
import { bootTestApp, type TestApp } from '../testing/test-app.js';
import { UnitOfWork } from './unit-of-work.service.js';

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
