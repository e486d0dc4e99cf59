// Before any fault: a short scan stream to both instances, and every board must follow it.
// Proves the harness (boards, cross-instance delivery, ledger) works, so that a failure after
// the fault is the fault's.
import { boardsConverge, describeBoards, type FaultBoard } from './board';
import type { FaultCluster } from './cluster';
import type { AppInstance } from './instances';
import { ScanStream } from './scan-stream';

export async function baseline(cluster: FaultCluster, boards: FaultBoard[], targets: AppInstance[] = cluster.instances): Promise<ScanStream> {
  const warmUp = new ScanStream({ targets: () => targets, token: cluster.factory.token, cells: cluster.factory.cells, concurrency: 2, maxScans: 24, maxMs: 10_000 });
  warmUp.phase = 'baseline';
  warmUp.start();
  await warmUp.finished();
  const refused = warmUp.attempts().filter((attempt) => attempt.answer.status !== 200);
  if (refused.length) throw new Error(`baseline scans refused before any fault: ${JSON.stringify(refused.map((attempt) => attempt.answer.body ?? attempt.answer.error)).slice(0, 500)}`);
  const truth = await cluster.snapshotCells();
  const done = Date.now();
  const times = await boardsConverge(boards, truth, done, 5000);
  if ([...times.values()].some((ms) => ms === null)) throw new Error(`baseline: boards do not follow scans before any fault:\n${describeBoards(boards, truth)}`);
  console.log(`[${cluster.spec}] baseline: ${warmUp.scans.size} scans, boards equal ${JSON.stringify(Object.fromEntries(times))} ms after the last answer`);
  return warmUp;
}
