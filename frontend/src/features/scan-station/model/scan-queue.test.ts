import { jest } from '@jest/globals';
import type { ScanResult } from '@contracts/production';
import { ApiError } from '../../../lib/http-client';
import { classifyFailure, QUEUE_STORAGE_KEY, ScanQueue, startAutoFlush, type NewEntry, type QueuedOperation, type QueueStorage } from './scan-queue';

class MemoryStorage implements QueueStorage {
  data = new Map<string, string>();
  failWrites = false;
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    if (this.failWrites) throw new Error('QuotaExceededError');
    this.data.set(key, value);
  }
}

const network = () => new ApiError('网络异常，无法连接服务器', 0, 'network');
const refusal = (message: string, errorKey: string) => new ApiError(message, 409, 'api', { errorKey });

function resultFor(operation: QueuedOperation): ScanResult {
  const quantity = operation.kind === 'record' ? operation.input.quantity : -1;
  return {
    scan: { scanId: operation.input.scanId, quantity } as ScanResult['scan'],
    step: { processId: operation.kind === 'record' ? operation.input.processId : 1, sequence: 1, dueDate: '2026-12-01', planned: 100, done: 10, status: 'partial', firstScanAt: null, lastScanAt: null },
    order: { id: 1, orderNo: 'PO1', completed: false, finishRate: 10 },
    warnings: [],
  };
}

function entry(scanId: string, quantity = 5, ownerId?: number | null): NewEntry {
  return {
    scanId,
    ...(ownerId === undefined ? {} : { ownerId }),
    operation: { kind: 'record', input: { scanId, orderNo: 'PO202611-0001', processId: 3, quantity } },
    label: { orderNo: 'PO202611-0001', processName: '缝制', quantity },
  };
}

/** A fake server: answers from a script per scan id, and records what it was sent. */
function fakeSend(script: Record<string, Array<'ok' | 'network' | ApiError>> = {}) {
  const sent: string[] = [];
  const send = jest.fn(async (operation: QueuedOperation) => {
    const id = operation.input.scanId;
    sent.push(id);
    const step = script[id]?.shift() ?? 'ok';
    if (step === 'ok') return resultFor(operation);
    if (step === 'network') throw network();
    throw step;
  });
  return { send, sent };
}

describe('scan queue', () => {
  it('keeps an entry in storage from the moment it is queued, with its id and payload', () => {
    const storage = new MemoryStorage();
    const queue = new ScanQueue({ storage, send: fakeSend().send, now: () => new Date('2026-11-20T08:00:00Z') });
    queue.enqueue(entry('scan-0001', 7));
    const stored = JSON.parse(storage.getItem(QUEUE_STORAGE_KEY)!);
    expect(stored.pending).toHaveLength(1);
    expect(stored.pending[0]).toMatchObject({ scanId: 'scan-0001', queuedAt: '2026-11-20T08:00:00.000Z', attempts: 0, operation: { input: { quantity: 7, scanId: 'scan-0001' } } });
    // The same id twice is one entry.
    queue.enqueue(entry('scan-0001', 7));
    expect(queue.getSnapshot().pending).toHaveLength(1);
  });

  it('survives a reload: a new queue over the same storage sees and sends the entries', async () => {
    const storage = new MemoryStorage();
    new ScanQueue({ storage, send: fakeSend().send, isOnline: () => false }).enqueue(entry('scan-0001'));
    const server = fakeSend();
    const reloaded = new ScanQueue({ storage, send: server.send });
    expect(reloaded.getSnapshot().pending.map((item) => item.scanId)).toEqual(['scan-0001']);
    await reloaded.flush();
    expect(server.sent).toEqual(['scan-0001']);
    expect(reloaded.getSnapshot().pending).toHaveLength(0);
    expect(JSON.parse(storage.getItem(QUEUE_STORAGE_KEY)!).pending).toHaveLength(0);
  });

  it('sends in the order queued, one at a time', async () => {
    const server = fakeSend();
    let inFlight = 0;
    let maxInFlight = 0;
    const send = async (operation: QueuedOperation) => {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 1));
      inFlight -= 1;
      return server.send(operation);
    };
    const live = new ScanQueue({ storage: null, send });
    ['scan-0001', 'scan-0002', 'scan-0003'].forEach((id) => live.enqueue(entry(id)));
    // Two flushes asked for at once do not overlap.
    const [first, second] = await Promise.all([live.flush(), live.flush()]);
    expect(server.sent).toEqual(['scan-0001', 'scan-0002', 'scan-0003']);
    expect(first.sent).toHaveLength(3);
    expect(second.sent).toHaveLength(0);
    expect(maxInFlight).toBe(1);
  });

  it('stops at a network error, keeps the order, and re-sends with the same scan id later', async () => {
    const server = fakeSend({ 'scan-0002': ['network', 'ok'] });
    const queue = new ScanQueue({ storage: new MemoryStorage(), send: server.send });
    ['scan-0001', 'scan-0002', 'scan-0003'].forEach((id) => queue.enqueue(entry(id)));

    const report = await queue.flush();
    expect(report.stoppedBy).toBe('network');
    expect(server.sent).toEqual(['scan-0001', 'scan-0002']);
    const pending = queue.getSnapshot().pending;
    expect(pending.map((item) => item.scanId)).toEqual(['scan-0002', 'scan-0003']);
    expect(pending[0]).toMatchObject({ attempts: 1, lastError: '网络异常，无法连接服务器' });

    await queue.flush();
    expect(server.sent).toEqual(['scan-0001', 'scan-0002', 'scan-0002', 'scan-0003']);
    // The retry carries exactly the payload of the first attempt.
    const attempts = server.send.mock.calls.filter(([operation]) => operation.input.scanId === 'scan-0002').map(([operation]) => operation);
    expect(attempts[1]).toEqual(attempts[0]);
    expect(queue.getSnapshot().pending).toHaveLength(0);
  });

  it('treats timeouts and server faults as "try again", 4xx as a refusal, 401 as "wait for login"', () => {
    expect(classifyFailure(new ApiError('超时', 0, 'timeout')).kind).toBe('retry');
    expect(classifyFailure(new ApiError('x', 503, 'api')).kind).toBe('retry');
    expect(classifyFailure(new ApiError('x', 429, 'api')).kind).toBe('retry');
    expect(classifyFailure(new TypeError('Failed to fetch')).kind).toBe('retry');
    expect(classifyFailure(new ApiError('请先登录', 401, 'unauthorized')).kind).toBe('blocked');
    expect(classifyFailure(refusal('上道工序未完成', 'previousProcessNotFinished'))).toEqual({ kind: 'refuse', message: '上道工序未完成', errorKey: 'previousProcessNotFinished' });
  });

  it('moves a refused entry to the refused list with the message, goes on with the next, and keeps it until dismissed', async () => {
    const server = fakeSend({ 'scan-0001': [refusal('超出计划数量', 'overPlanned')] });
    const storage = new MemoryStorage();
    const queue = new ScanQueue({ storage, send: server.send });
    ['scan-0001', 'scan-0002'].forEach((id) => queue.enqueue(entry(id)));
    const report = await queue.flush();
    expect(report.refused.map((item) => item.entry.scanId)).toEqual(['scan-0001']);
    expect(report.sent.map((item) => item.entry.scanId)).toEqual(['scan-0002']);
    const { pending, refused } = queue.getSnapshot();
    expect(pending).toHaveLength(0);
    expect(refused).toEqual([expect.objectContaining({ scanId: 'scan-0001', message: '超出计划数量', errorKey: 'overPlanned' })]);
    // Persisted, and not sent again.
    expect(JSON.parse(storage.getItem(QUEUE_STORAGE_KEY)!).refused).toHaveLength(1);
    await queue.flush();
    expect(server.sent).toEqual(['scan-0001', 'scan-0002']);

    queue.dismiss('scan-0001');
    expect(queue.getSnapshot().refused).toHaveLength(0);
    expect(JSON.parse(storage.getItem(QUEUE_STORAGE_KEY)!).refused).toHaveLength(0);
  });

  it('tells listeners of every answered entry, marking the one a Confirm waits for', async () => {
    const server = fakeSend({ 'scan-0002': [refusal('订单已隐藏', 'orderHidden')] });
    const queue = new ScanQueue({ storage: null, send: server.send });
    const events: string[] = [];
    const stop = queue.onSettled((event) => events.push(`${event.kind}:${event.entry.scanId}:${event.live ? 'live' : 'queued'}`));
    queue.enqueue(entry('scan-0001'));
    await queue.submit(entry('scan-0002'));
    expect(events).toEqual(['sent:scan-0001:queued', 'refused:scan-0002:live']);
    stop();
    await queue.submit(entry('scan-0003'));
    expect(events).toHaveLength(2);
  });

  it('keeps everything on 401 and sends nothing further', async () => {
    const server = fakeSend({ 'scan-0001': [new ApiError('登录已过期', 401, 'unauthorized')] });
    const queue = new ScanQueue({ storage: new MemoryStorage(), send: server.send });
    ['scan-0001', 'scan-0002'].forEach((id) => queue.enqueue(entry(id)));
    const report = await queue.flush();
    expect(report.stoppedBy).toBe('blocked');
    expect(server.sent).toEqual(['scan-0001']);
    expect(queue.getSnapshot().pending).toHaveLength(2);
    expect(queue.getSnapshot().refused).toHaveLength(0);
  });

  it('submit: answers the live entry, keeps its refusal out of the refused list, queues it without network', async () => {
    const server = fakeSend({ 'scan-0002': [refusal('订单未入库', 'notInStock')], 'scan-0003': ['network'] });
    const online = { value: true };
    const queue = new ScanQueue({ storage: new MemoryStorage(), send: server.send, isOnline: () => online.value });

    await expect(queue.submit(entry('scan-0001'))).resolves.toMatchObject({ status: 'recorded', result: { scan: { scanId: 'scan-0001' } } });
    await expect(queue.submit(entry('scan-0002'))).resolves.toEqual({ status: 'refused', message: '订单未入库', errorKey: 'notInStock' });
    expect(queue.getSnapshot().refused).toHaveLength(0);

    await expect(queue.submit(entry('scan-0003'))).resolves.toEqual({ status: 'queued', reason: 'network' });
    online.value = false;
    await expect(queue.submit(entry('scan-0004'))).resolves.toEqual({ status: 'queued', reason: 'offline' });
    expect(server.sent).toEqual(['scan-0001', 'scan-0002', 'scan-0003']);
    expect(queue.getSnapshot().pending.map((item) => item.scanId)).toEqual(['scan-0003', 'scan-0004']);

    // Back online: a new scan is sent behind the older ones, never before them.
    online.value = true;
    await expect(queue.submit(entry('scan-0005'))).resolves.toMatchObject({ status: 'recorded' });
    expect(server.sent.slice(3)).toEqual(['scan-0003', 'scan-0004', 'scan-0005']);
  });

  it("sends only the signed-in worker's entries (and unowned ones), leaving others in place", async () => {
    const server = fakeSend();
    const queue = new ScanQueue({ storage: new MemoryStorage(), send: server.send });
    queue.enqueue(entry('scan-0001', 1, 7));
    queue.enqueue(entry('scan-0002', 1, 8));
    queue.enqueue(entry('scan-0003', 1, null));
    queue.setOwner(8);
    await queue.flush();
    expect(server.sent).toEqual(['scan-0002', 'scan-0003']);
    expect(queue.getSnapshot().pending.map((item) => item.scanId)).toEqual(['scan-0001']);
    // New entries take the current owner.
    expect(queue.enqueue(entry('scan-0004')).ownerId).toBe(8);
  });

  it('keeps entries in memory (and says so) when storage refuses writes', async () => {
    const storage = new MemoryStorage();
    storage.failWrites = true;
    const queue = new ScanQueue({ storage, send: fakeSend().send, isOnline: () => false });
    queue.enqueue(entry('scan-0001'));
    queue.enqueue(entry('scan-0002'));
    expect(queue.getSnapshot()).toMatchObject({ memoryOnly: true });
    expect(queue.getSnapshot().pending.map((item) => item.scanId)).toEqual(['scan-0001', 'scan-0002']);
    storage.failWrites = false;
    queue.enqueue(entry('scan-0003'));
    expect(queue.getSnapshot().memoryOnly).toBe(false);
    expect(JSON.parse(storage.getItem(QUEUE_STORAGE_KEY)!).pending).toHaveLength(3);
  });

  it('does not lose an entry another tab queued meanwhile', async () => {
    const storage = new MemoryStorage();
    const server = fakeSend();
    const tabA = new ScanQueue({ storage, send: server.send });
    const tabB = new ScanQueue({ storage, send: server.send, isOnline: () => false });
    tabA.enqueue(entry('scan-0001'));
    tabB.enqueue(entry('scan-0002'));
    await tabA.flush();
    expect(server.sent).toEqual(['scan-0001', 'scan-0002']);
    expect(JSON.parse(storage.getItem(QUEUE_STORAGE_KEY)!).pending).toHaveLength(0);
  });

  it('auto-flushes on the online event and on a timer while entries are pending', async () => {
    jest.useFakeTimers();
    try {
      const server = fakeSend({ 'scan-0001': ['network', 'network', 'ok'] });
      const queue = new ScanQueue({ storage: new MemoryStorage(), send: server.send });
      queue.enqueue(entry('scan-0001'));
      const target = new EventTarget();
      const stop = startAutoFlush(queue, { target, intervalMs: 5000 });
      await jest.advanceTimersByTimeAsync(0);
      expect(server.sent).toHaveLength(1);
      target.dispatchEvent(new Event('online'));
      await jest.advanceTimersByTimeAsync(0);
      expect(server.sent).toHaveLength(2);
      await jest.advanceTimersByTimeAsync(5000);
      expect(server.sent).toHaveLength(3);
      expect(queue.getSnapshot().pending).toHaveLength(0);
      // Nothing pending: the timer sends nothing.
      await jest.advanceTimersByTimeAsync(20_000);
      expect(server.sent).toHaveLength(3);
      stop();
    } finally {
      jest.useRealTimers();
    }
  });
});
