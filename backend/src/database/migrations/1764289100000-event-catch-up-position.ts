import type { MigrationInterface, QueryRunner } from 'typeorm';

// Exact catch-up (issue 13, item 3): every event records the id of the transaction that wrote it.
//
// - domain_event.tx: pg_current_xact_id() of the writing transaction (the top-level xid8, also in
//   a savepoint). With a watermark W = pg_snapshot_xmin(pg_current_snapshot()) every transaction
//   below W has finished, so no event with tx < W can appear later: a client position
//   (W, seqs seen with tx >= W) names exactly what it has, however the commits interleave.
//   Existing rows get this migration's xid (they all committed before any watermark read after it).
// - domain_event_tx_seq: the replay reads the few recent rows with tx >= W (and their lowest seq).
export class EventCatchUpPosition1764289100000 implements MigrationInterface {
  name = 'EventCatchUpPosition1764289100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE domain_event ADD COLUMN tx xid8 NOT NULL DEFAULT pg_current_xact_id()`);
    await queryRunner.query(`CREATE INDEX domain_event_tx_seq ON domain_event (tx, seq)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX IF EXISTS domain_event_tx_seq`);
    await queryRunner.query(`ALTER TABLE domain_event DROP COLUMN tx`);
    await queryRunner.query(`DELETE FROM system_setting WHERE key = 'events.prunedThroughTx'`);
  }
}
