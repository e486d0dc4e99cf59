// Backup and restore of the embedded database (issue 12, backend/src/maintenance) on the demo
// factory's data (a month of orders, scans, alerts, uploads), in one run:
//
//   1. Baseline: every table read once in one REPEATABLE READ snapshot (SELECT to_jsonb(t)::text,
//      rows thrown away) — the reading a backup cannot avoid.
//   2. Backup: the same read, gzip'd into a temporary file (what GET setting/backup sends); its
//      time as a ratio of the baseline, its size, and the bytes per row.
//   3. Restore of that backup (what POST setting/restore does): its time, and how long an
//      ordinary request (GET productionOrder/list) sent while it runs waits — PGlite is a single
//      connection, so the restore holds every other request until it commits.
//
// Embedded database only: on a server, backups belong to the server's tools (the API refuses).
import { readFile } from 'node:fs/promises';
import { DataSource } from 'typeorm';
import { BackupService } from '../src/maintenance/backup.service.js';
import { bootBenchApp } from './bench-app.js';
import { formatMs, nowMs, percentiles } from './stats.js';

const ROUNDS = Number(process.env.BENCH_BACKUP_ROUNDS ?? 3);

async function main(): Promise<void> {
  if (process.env.DATABASE_URL) {
    console.log('backup bench: skipped on a database server (DATABASE_URL set): backups are for the embedded database only');
    return;
  }
  const bench = await bootBenchApp({ seedDemo: true });
  try {
    const dataSource = bench.app.get(DataSource);
    const backups = bench.app.get(BackupService);
    const names: { relname: string }[] = await dataSource.query(`SELECT relname FROM pg_stat_user_tables WHERE schemaname = 'public' ORDER BY relname`);
    const tables = names.length;
    let rows = 0;
    for (const { relname } of names) rows += Number((await dataSource.query(`SELECT count(*)::int AS n FROM "${relname}"`))[0].n);

    const readAll = async () => {
      await dataSource.transaction('REPEATABLE READ', async (manager) => {
        for (const { relname } of names) await manager.query(`SELECT to_jsonb(t)::text AS row FROM "${relname}" t`);
      });
    };
    const baseline: number[] = [];
    const backup: number[] = [];
    const restore: number[] = [];
    const waited: number[] = [];
    let bytes = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      let started = nowMs();
      await readAll();
      baseline.push(nowMs() - started);

      started = nowMs();
      const file = await backups.createBackup();
      backup.push(nowMs() - started);
      bytes = file.bytes;
      const content = await readFile(file.path);
      await file.dispose();

      started = nowMs();
      const restoring = backups.restore(content);
      // An ordinary list request sent just after the restore began.
      await new Promise((resolve) => setTimeout(resolve, 5));
      const asked = nowMs();
      const list = fetch(`${bench.url}/api/admin/productionOrder/list?page=1&pageSize=20`, { headers: { token: bench.token } }).then(() => nowMs() - asked);
      await restoring;
      restore.push(nowMs() - started);
      waited.push(await list);
    }
    const p50 = (values: number[]) => percentiles(values, [50])['p50'] ?? values[0];
    console.log(`\nbackup and restore, embedded database, demo data: ${tables} tables, ${rows.toLocaleString('en')} rows, ${ROUNDS} rounds (p50)`);
    console.log(`  read every table in one snapshot (baseline)  ${formatMs(p50(baseline))}`);
    console.log(`  backup (read + gzip to a file)               ${formatMs(p50(backup))}  = ${(p50(backup) / p50(baseline)).toFixed(2)} × baseline`);
    console.log(`  backup size                                  ${(bytes / 1024).toFixed(0)} KiB  (${(bytes / Math.max(rows, 1)).toFixed(1)} bytes per row)`);
    console.log(`  restore (one transaction, then data.reset)   ${formatMs(p50(restore))}  = ${(p50(restore) / p50(backup)).toFixed(2)} × backup`);
    console.log(`  a list request sent during the restore waits ${formatMs(p50(waited))} (single connection: held until the restore commits)`);
  } finally {
    await bench.close();
  }
}

await main();
