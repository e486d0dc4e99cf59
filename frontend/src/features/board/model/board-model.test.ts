import {
  applyProgress,
  boardModeOfPath,
  boardPathFor,
  computeTotals,
  filterRows,
  pageCount,
  pageOf,
  reconcileRows,
  refreshModeChanged,
  rowsThatFit,
  scrollDurationSeconds,
  sortByActivity,
  sortRows,
  splitPages,
  waitingAt,
} from './board-model';
import { boardLiveness, localDay, msUntilMidnight, nextDay, percentText, STALE_AFTER_MS, stepTone } from './presentation';
import { progress, row, SETTINGS, snapshot, step } from './board-fixtures';

describe('boardPathFor', () => {
  it('maps 0 to the whole-page board, 1 to scrolling and anything else to drop-down', () => {
    expect(boardPathFor(0)).toBe('/wholeDashboard');
    expect(boardPathFor(1)).toBe('/scrollDashboard');
    expect(boardPathFor(2)).toBe('/dropDashboard');
    expect(boardPathFor(7)).toBe('/dropDashboard');
    expect(boardPathFor(-1)).toBe('/dropDashboard');
  });

  it('knows which board a path shows', () => {
    expect(boardModeOfPath('/scrollDashboard')).toBe('scroll');
    expect(boardModeOfPath('/mobile/dashboard')).toBeNull();
  });

  it('sees a change of presentation, not a change between two drop-down values', () => {
    expect(refreshModeChanged(SETTINGS, { ...SETTINGS, refreshType: 1 })).toBe(true);
    expect(refreshModeChanged({ ...SETTINGS, refreshType: 2 }, { ...SETTINGS, refreshType: 5 })).toBe(false);
    expect(refreshModeChanged(null, { ...SETTINGS, refreshType: 1 })).toBe(false);
  });
});

describe('applyProgress', () => {
  it('updates the step and the order summary of one row, leaving every other row object alone', () => {
    const rows = [row(1), row(2, { deliveryDate: '2029-12-30' }), row(3)];
    const before = snapshot(rows);
    const result = applyProgress(before, progress(2, 2, 120, { delayDays: 2, status: 'delayed' }), { today: '2030-01-01' });
    expect(result.kind).toBe('applied');
    if (result.kind !== 'applied') return;
    const after = result.snapshot;
    expect(after).not.toBe(before);
    expect(after.rows[0]).toBe(rows[0]);
    expect(after.rows[2]).toBe(rows[2]);
    expect(after.rows[1]).not.toBe(rows[1]);
    expect(after.rows[1].steps['2']).toMatchObject({ done: 120, status: 'partial' });
    expect(after.rows[1].steps['1']).toBe(rows[1].steps['1']);
    expect(after.rows[1]).toMatchObject({ finishRate: 13.3, delayDays: 2, status: 'delayed', lastActivityAt: '2030-01-01T09:00:00.000Z' });
    expect(after.totals).toMatchObject({ orders: 3, delayed: 1, onTime: 2, delayRate: 33.3 });
    // The input is not mutated.
    expect(before.rows[1].steps['2'].done).toBe(0);
    expect(result.rowIndex).toBe(1);
  });

  it('reports an order that is not on the board', () => {
    expect(applyProgress(snapshot([row(1)]), progress(9, 1, 10))).toEqual({ kind: 'missing' });
  });

  it('can apply only the step or only the summary (an older event arriving late)', () => {
    const base = snapshot([row(1)]);
    const stepOnly = applyProgress(base, progress(1, 1, 50, { finishRate: 99 }), { order: false });
    expect(stepOnly.kind === 'applied' && stepOnly.snapshot.rows[0]).toMatchObject({ finishRate: 0, steps: { '1': { done: 50 } } });
    const orderOnly = applyProgress(base, progress(1, 1, 50, { finishRate: 99 }), { step: false });
    expect(orderOnly.kind === 'applied' && orderOnly.snapshot.rows[0]).toMatchObject({ finishRate: 99, steps: { '1': { done: 0 } } });
  });

  it('moves a row to its new place on a board sorted by finish rate', () => {
    const rows = [row(1, { finishRate: 10 }), row(2, { finishRate: 20 }), row(3, { finishRate: 30 })];
    const base = snapshot(rows, { settings: { ...SETTINGS, sortBy: 'finishRateAsc' } });
    const result = applyProgress(base, progress(1, 1, 0, { finishRate: 25 }));
    expect(result.kind === 'applied' && result.snapshot.rows.map((r) => r.id)).toEqual([2, 1, 3]);
    expect(result.kind === 'applied' && result.rowIndex).toBe(1);
    // Sorted by delivery: progress does not move rows.
    const byDelivery = applyProgress(snapshot(rows), progress(1, 1, 0, { finishRate: 95 }));
    expect(byDelivery.kind === 'applied' && byDelivery.snapshot.rows.map((r) => r.id)).toEqual([1, 2, 3]);
  });
});

describe('totals and ordering', () => {
  it('counts with the contract: rates over the orders in production, delayed = past delivery, completed ones apart', () => {
    const totals = computeTotals(
      [
        row(1, { finishRate: 100, completed: true, status: 'done', deliveryDate: '2029-12-01' }), // finished late: not delayed
        row(2, { finishRate: 50, status: 'delayed', delayDays: 3, deliveryDate: '2029-12-29' }),
        row(3, { finishRate: 0, deliveryDate: '2030-01-01' }), // due today
        row(4, { finishRate: 25, deliveryDate: '2030-02-01' }),
      ],
      '2030-01-01',
    );
    expect(totals).toEqual({ population: 'board', orders: 4, completed: 1, inProduction: 3, onTime: 2, delayed: 1, dueThisWeek: 1, finishRate: 25, delayRate: 33.3 });
    expect(computeTotals([], '2030-01-01')).toMatchObject({ orders: 0, inProduction: 0, finishRate: 0, delayRate: 0 });
  });

  it('sorts by the board setting, ties by order number', () => {
    const rows = [row(1, { deliveryDate: '2030-02-01', finishRate: 50 }), row(2, { deliveryDate: '2030-01-01', finishRate: 50 }), row(3, { deliveryDate: '2030-01-01', finishRate: 10 })];
    expect(sortRows(rows, 'deliveryAsc').map((r) => r.id)).toEqual([2, 3, 1]);
    expect(sortRows(rows, 'deliveryDesc').map((r) => r.id)).toEqual([1, 2, 3]);
    expect(sortRows(rows, 'finishRateDesc').map((r) => r.id)).toEqual([2, 1, 3]);
    expect(sortRows(rows, 'orderNumberAsc').map((r) => r.id)).toEqual([1, 2, 3]);
  });

  it('puts the latest activity first on drop-down boards: the last scan\'s time, not when it was recorded; an order never scanned by its creation', () => {
    const rows = [
      // Scanned at 08:00, recorded (sent from a device) at 12:00.
      row(1, { lastScanAt: '2030-01-01T08:00:00.000Z', lastActivityAt: '2030-01-01T12:00:00.000Z' }),
      row(4, { lastScanAt: null, lastActivityAt: '2030-01-01T09:30:00.000Z' }),
      row(2, { lastScanAt: '2030-01-01T10:00:00.000Z' }),
      row(3, { lastScanAt: '2030-01-01T09:00:00.000Z' }),
      row(5, { lastScanAt: null, lastActivityAt: '2030-01-01T07:00:00.000Z' }),
    ];
    expect(sortByActivity(rows).map((r) => r.id)).toEqual([2, 4, 3, 1, 5]);
  });

  it('a pushed scan moves the row\'s last scan to the scan\'s time', () => {
    const scanned = { ...progress(1, 2, 30), step: { ...step(2, 300, 30), lastScanAt: '2030-01-01T09:30:00.000Z' } };
    const result = applyProgress(snapshot([row(1, { lastScanAt: '2030-01-01T08:00:00.000Z' })]), scanned);
    expect(result.kind === 'applied' && result.snapshot.rows[0].lastScanAt).toBe('2030-01-01T09:30:00.000Z');
  });
});

describe('pages', () => {
  it('fits whole rows into the height', () => {
    expect(rowsThatFit(840, 56)).toBe(15);
    expect(rowsThatFit(50, 56)).toBe(1);
    expect(rowsThatFit(0, 56, 12)).toBe(12);
  });

  it('splits rows into pages and wraps around past the last one', () => {
    const rows = Array.from({ length: 23 }, (_, index) => index);
    expect(pageCount(23, 10)).toBe(3);
    expect(pageCount(0, 10)).toBe(1);
    expect(splitPages(rows, 10).map((page) => page.length)).toEqual([10, 10, 3]);
    expect(pageOf(rows, 10, 2)).toEqual([20, 21, 22]);
    expect(pageOf(rows, 10, 3)).toEqual(pageOf(rows, 10, 0));
    expect(splitPages([], 10)).toEqual([[]]);
  });

  it('scrolls a screenful per refresh interval', () => {
    expect(scrollDurationSeconds(3000, 1000, 10)).toBe(30);
    expect(scrollDurationSeconds(1100, 1000, 10)).toBe(11);
    expect(scrollDurationSeconds(0, 1000, 10)).toBe(0);
  });
});

describe('reconcileRows', () => {
  it('keeps unchanged row objects and reports added and changed ones', () => {
    const previous = [row(1), row(2)];
    const next = [row(1), row(2, { reviewed: false, flagged: true }), row(3)];
    const result = reconcileRows(previous, next);
    expect(result.rows[0]).toBe(previous[0]);
    expect(result.rows[1]).toBe(next[1]);
    expect(result.added).toEqual([3]);
    expect(result.changed).toEqual([2]);
  });

  it('sees a changed step', () => {
    const result = reconcileRows([row(1)], [row(1, { steps: { ...row(1).steps, '3': step(3, 300, 5) } })]);
    expect(result.changed).toEqual([1]);
  });
});

describe('search', () => {
  it('matches every word against order number, customer and style', () => {
    const rows = [row(1, { customerLabel: 'ACME', productName: '衬衫' }), row(2, { customerLabel: 'Zed', productName: 'T恤' })];
    expect(filterRows(rows, '')).toBe(rows);
    expect(filterRows(rows, 'acme').map((r) => r.id)).toEqual([1]);
    expect(filterRows(rows, 'PO-0002 t恤').map((r) => r.id)).toEqual([2]);
    expect(filterRows(rows, 'acme T恤')).toEqual([]);
  });
});

describe('liveness', () => {
  const t0 = 1_000_000;
  it('is live while connected', () => {
    expect(boardLiveness({ status: 'connected', staleSince: null }, t0)).toEqual({ kind: 'live', since: null });
  });

  it('is reconnecting for a few seconds, then stale since the loss', () => {
    const lost = { status: 'reconnecting' as const, staleSince: t0 };
    expect(boardLiveness(lost, t0 + 1000)).toEqual({ kind: 'reconnecting', since: t0 });
    expect(boardLiveness(lost, t0 + STALE_AFTER_MS - 1).kind).toBe('reconnecting');
    expect(boardLiveness(lost, t0 + STALE_AFTER_MS)).toEqual({ kind: 'stale', since: t0 });
  });

  it('is stale at once when the connection was refused or closed for good', () => {
    expect(boardLiveness({ status: 'disconnected', staleSince: t0 }, t0)).toEqual({ kind: 'stale', since: t0 });
  });

  it('counts from the snapshot for a board that never connected', () => {
    expect(boardLiveness({ status: 'connecting', staleSince: null }, t0 + 10_000, t0)).toEqual({ kind: 'stale', since: t0 });
    expect(boardLiveness({ status: 'connecting', staleSince: null }, t0 + 10_000, null).kind).toBe('reconnecting');
  });
});

describe('cell tones', () => {
  const today = '2030-01-10';
  it('colours a step: grey, blue, amber near its due date, green, red when late', () => {
    expect(stepTone(undefined, today)).toBe('none');
    expect(stepTone(step(1, 100, 0, '2030-01-20'), today)).toBe('notStarted');
    expect(stepTone(step(1, 100, 40, '2030-01-20'), today)).toBe('partial');
    expect(stepTone(step(1, 100, 40, '2030-01-11'), today)).toBe('atRisk');
    expect(stepTone(step(1, 100, 100, '2030-01-01'), today)).toBe('done');
    // The server said partial yesterday; past its due date it is red today.
    expect(stepTone(step(1, 100, 40, '2030-01-09', 'partial'), today)).toBe('delayed');
  });

  it('formats percentages and days', () => {
    expect(percentText(87.54)).toBe('87.5%');
    expect(percentText(100)).toBe('100%');
    expect(nextDay('2030-01-31')).toBe('2030-02-01');
    expect(localDay(new Date(2030, 0, 5, 23, 59))).toBe('2030-01-05');
    expect(msUntilMidnight(new Date(2030, 0, 5, 23, 59, 0))).toBe(60_000);
  });
});

describe('waitingAt (work in progress on the boards)', () => {
  it('is what the previous step of the route has done and this one not yet', () => {
    const order = row(1, { steps: { '1': step(1, 300, 300), '2': step(2, 300, 120), '3': step(3, 300, 0) } });
    expect(waitingAt(order, 1)).toBeNull();
    expect(waitingAt(order, 2)).toBe(180);
    expect(waitingAt(order, 3)).toBe(120);
    expect(waitingAt(order, 9)).toBeNull();
  });

  it('follows the route by sequence, not by id, and never goes below zero', () => {
    const order = row(2, { steps: { '7': { ...step(7, 100, 40), sequence: 1 }, '3': { ...step(3, 100, 50), sequence: 2 } } });
    expect(waitingAt(order, 7)).toBeNull();
    expect(waitingAt(order, 3)).toBe(0);
  });
});
