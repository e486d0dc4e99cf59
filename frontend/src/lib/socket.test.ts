import { jest } from '@jest/globals';
import type { DomainEventEnvelope, SubscribeRequest, SubscribeResult } from '@contracts/events';
import { CATCH_UP_JITTER_MS, RealtimeClient, type AppSocket } from './socket';

type Listener = (...args: unknown[]) => void;

/** Just enough of a socket.io-client Socket; the test plays the server. */
class FakeSocket {
  connected = false;
  active = true;
  readonly requests: SubscribeRequest[] = [];
  readonly emitted: { event: string; payload: unknown }[] = [];
  private readonly listeners = new Map<string, Listener[]>();
  private readonly acks: ((result: SubscribeResult) => void)[] = [];

  on(event: string, listener: Listener) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  removeAllListeners() {
    this.listeners.clear();
    return this;
  }
  emit(event: string, payload: unknown) {
    this.emitted.push({ event, payload });
    return this;
  }
  timeout() {
    return {
      emitWithAck: (_event: string, request: SubscribeRequest) => {
        this.requests.push(request);
        return new Promise<SubscribeResult>((resolve) => this.acks.push(resolve));
      },
    };
  }
  connect() {
    return this;
  }
  disconnect() {
    this.connected = false;
    return this;
  }

  fire(event: string, ...args: unknown[]) {
    (this.listeners.get(event) ?? []).forEach((listener) => listener(...args));
  }
  serverConnect() {
    this.connected = true;
    this.fire('connect');
  }
  serverDrop() {
    this.connected = false;
    this.fire('disconnect', 'transport close');
  }
  async answer(result: Partial<SubscribeResult>) {
    const ack = this.acks.shift();
    if (!ack) throw new Error('no subscribe request is waiting');
    ack({ joined: ['settings'], refused: [], headSeq: 0, missed: [], resync: false, ...result });
    await flush();
  }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const event = (seq: number, rooms: string[] = ['settings']): DomainEventEnvelope => ({
  seq,
  name: 'settings.dashboardUpdated',
  rooms,
  at: new Date(2024, 0, 1, 8, 0, seq).toISOString(),
  payload: {
    refreshType: 0,
    refreshInterval: seq,
    completedVisibleDays: 3,
    displayMode: 'month',
    sortBy: 'deliveryAsc',
    boardKeyEnabled: true,
  },
});

function setup() {
  const socket = new FakeSocket();
  const onUnauthorized = jest.fn();
  const client = new RealtimeClient(() => socket as unknown as AppSocket, onUnauthorized);
  const applied: number[] = [];
  const onResync = jest.fn(async () => undefined);
  client.connect('token-1');
  const stop = client.subscribe(['settings'], { onEvent: (e) => applied.push(e.seq), onResync });
  return { socket, client, applied, onResync, onUnauthorized, stop };
}

describe('RealtimeClient', () => {
  it('joins on connect without lastSeq, loads the snapshot, then applies live events', async () => {
    const { socket, applied, onResync } = setup();
    socket.serverConnect();
    expect(socket.requests).toEqual([{ rooms: ['settings'] }]);
    await socket.answer({ headSeq: 10 });
    expect(onResync).toHaveBeenCalledTimes(1);
    socket.fire('domain-event', event(10)); // already in the snapshot
    socket.fire('domain-event', event(11));
    socket.fire('domain-event', event(11)); // delivered twice
    expect(applied).toEqual([11]);
  });

  it('catches up after a reconnect: missed events in order, duplicates dropped, live pushes merged', async () => {
    const { socket, applied, onResync } = setup();
    socket.serverConnect();
    await socket.answer({ headSeq: 10 });
    socket.fire('domain-event', event(11));
    socket.fire('domain-event', event(12));

    socket.serverDrop();
    socket.fire('domain-event', event(99)); // not joined: ignored until the catch-up
    socket.serverConnect();
    expect(socket.requests[1]).toEqual({ rooms: ['settings'], lastSeq: 12 });

    // A live push overtakes the answer to the subscription.
    socket.fire('domain-event', event(16));
    await socket.answer({
      headSeq: 16,
      // The server replays from a little before lastSeq, unordered, with a duplicate.
      missed: [event(14), event(11), event(12), event(13), event(15), event(14), event(40, ['board'])],
    });
    expect(applied).toEqual([11, 12, 13, 14, 15, 16]);
    expect(onResync).toHaveBeenCalledTimes(1);

    socket.fire('domain-event', event(15));
    socket.fire('domain-event', event(17));
    expect(applied).toEqual([11, 12, 13, 14, 15, 16, 17]);
  });

  it('reloads the snapshot when the server cannot replay', async () => {
    const { socket, applied, onResync } = setup();
    socket.serverConnect();
    await socket.answer({ headSeq: 5 });
    socket.serverDrop();
    socket.serverConnect();
    expect(socket.requests[1]).toEqual({ rooms: ['settings'], lastSeq: 5 });
    await socket.answer({ headSeq: 500, resync: true });
    expect(onResync).toHaveBeenCalledTimes(2);
    socket.fire('domain-event', event(499));
    socket.fire('domain-event', event(501));
    expect(applied).toEqual([501]);
  });

  it('ignores events of rooms it did not ask for', async () => {
    const { socket, applied } = setup();
    socket.serverConnect();
    await socket.answer({ headSeq: 1 });
    socket.fire('domain-event', event(2, ['board']));
    expect(applied).toEqual([]);
  });

  it('reports the connection state and when it went stale', async () => {
    const { socket, client } = setup();
    expect(client.connection.get().status).toBe('connecting');
    socket.serverConnect();
    expect(client.connection.get()).toMatchObject({ status: 'connected', staleSince: null });
    const before = Date.now();
    socket.serverDrop();
    const stale = client.connection.get();
    expect(stale.status).toBe('reconnecting');
    expect(stale.staleSince).toBeGreaterThanOrEqual(before);
    // A failed retry keeps the moment the data went stale.
    socket.fire('connect_error', new Error('xhr poll error'));
    expect(client.connection.get().staleSince).toBe(stale.staleSince);
    socket.serverConnect();
    expect(client.connection.get()).toMatchObject({ status: 'connected', staleSince: null });
  });

  it('ends the session when the server refuses the token', () => {
    const { socket, client, onUnauthorized } = setup();
    socket.active = false;
    socket.fire('connect_error', new Error('unauthorized'));
    expect(client.connection.get()).toMatchObject({ status: 'disconnected', reason: 'unauthorized' });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  describe('catching up while connected (Redis between instances lost events)', () => {
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    afterEach(() => jest.restoreAllMocks());

    it('replays from the hint after a resume, applying events lost below ones already seen', async () => {
      jest.spyOn(Math, 'random').mockReturnValue(0);
      const { socket, applied, onResync } = setup();
      socket.serverConnect();
      await socket.answer({ headSeq: 10 });
      socket.fire('domain-event', event(11));
      socket.fire('domain-event', event(14)); // 12 and 13 went to another instance and were lost
      socket.fire('resume', { since: 10 });
      await flush();
      expect(socket.requests[1]).toEqual({ rooms: ['settings'], lastSeq: 10 });
      await socket.answer({ headSeq: 14, missed: [event(11), event(12), event(13), event(14)] });
      expect(applied).toEqual([11, 14, 12, 13]);
      expect(onResync).toHaveBeenCalledTimes(1);
    });

    it('reloads the snapshot when the hint goes further back than it remembers applying', async () => {
      jest.spyOn(Math, 'random').mockReturnValue(0);
      const { socket, onResync } = setup();
      socket.serverConnect();
      await socket.answer({ headSeq: 10 });
      for (let seq = 11; seq <= 400; seq++) socket.fire('domain-event', event(seq)); // more than the sequencer keeps
      socket.fire('resume', { since: 20 });
      await flush();
      expect(socket.requests[1]).toEqual({ rooms: ['settings'] }); // no lastSeq: a fresh snapshot
      await socket.answer({ headSeq: 400 });
      expect(onResync).toHaveBeenCalledTimes(2);
    });

    it('detects a gap from the per-room counts of a tick, and ignores ticks that match', async () => {
      jest.spyOn(Math, 'random').mockReturnValue(0);
      const { socket, applied } = setup();
      socket.serverConnect();
      await socket.answer({ headSeq: 10 });
      socket.fire('domain-event', event(11));
      socket.fire('domain-event', event(13));
      socket.fire('head', { head: 13, from: 10, to: 13, counts: { settings: 2, board: 7 } });
      await flush();
      expect(socket.requests).toHaveLength(1); // saw both: nothing missing
      socket.fire('domain-event', event(16));
      socket.fire('head', { head: 20, from: 13, to: 18, counts: { settings: 2 } }); // 17 never came
      await flush();
      expect(socket.requests[1]).toEqual({ rooms: ['settings'], lastSeq: 13 });
      await socket.answer({ headSeq: 20, missed: [event(16), event(17)] });
      expect(applied).toEqual([11, 13, 16, 17]);
    });

    it('does not count a range from before its snapshot as a gap', async () => {
      jest.spyOn(Math, 'random').mockReturnValue(0);
      const { socket } = setup();
      socket.serverConnect();
      await socket.answer({ headSeq: 10 });
      socket.fire('head', { head: 12, from: 5, to: 12, counts: { settings: 4 } });
      await flush();
      expect(socket.requests).toHaveLength(1);
    });

    it('spreads catch-ups over a random delay, one per subscription however many hints arrive', async () => {
      jest.spyOn(Math, 'random').mockReturnValue(0.05); // 5 % of the jitter window
      const { socket } = setup();
      socket.serverConnect();
      await socket.answer({ headSeq: 10 });
      socket.fire('domain-event', event(12));
      socket.fire('resume', { since: 11 });
      socket.fire('resume', { since: 9 });
      await flush();
      expect(socket.requests).toHaveLength(1);
      await sleep(0.05 * CATCH_UP_JITTER_MS + 30);
      expect(socket.requests).toEqual([{ rooms: ['settings'] }, { rooms: ['settings'], lastSeq: 10 }]); // the snapshot covers up to 10
    });

    it('retries when the server answers that subscribes are rate limited', async () => {
      jest.spyOn(Math, 'random').mockReturnValue(0);
      const { socket, onResync } = setup();
      socket.serverConnect();
      await socket.answer({ joined: [], refused: ['settings'], error: { code: 'rateLimited', retryAfterMs: 20 } });
      expect(onResync).not.toHaveBeenCalled();
      await sleep(40);
      expect(socket.requests).toHaveLength(2);
      await socket.answer({ headSeq: 3 });
      expect(onResync).toHaveBeenCalledTimes(1);
    });
  });

  it('leaves the rooms when the last subscriber stops', async () => {
    const { socket, stop } = setup();
    socket.serverConnect();
    await socket.answer({ headSeq: 1 });
    stop();
    expect(socket.emitted).toContainEqual({ event: 'unsubscribe', payload: { rooms: ['settings'] } });
  });
});

describe('RealtimeClient on data.reset', () => {
  const reset = (seq: number): DomainEventEnvelope => ({ seq, name: 'data.reset', rooms: [], at: new Date(2024, 0, 1).toISOString(), payload: { reason: 'clearAll', at: '2024-01-01T00:00:00.000Z' } });

  it('reloads every joined subscription at once, whatever its rooms, and drops older events after it', async () => {
    const { socket, applied, onResync } = setup();
    socket.serverConnect();
    await socket.answer({ headSeq: 10 });
    expect(onResync).toHaveBeenCalledTimes(1);
    socket.fire('domain-event', reset(20));
    expect(onResync).toHaveBeenCalledTimes(2);
    // No re-subscribe needed: the socket is still in its rooms.
    expect(socket.requests).toHaveLength(1);
    socket.fire('domain-event', event(19)); // committed before the reset: part of what was reloaded
    socket.fire('domain-event', event(21));
    expect(applied).toEqual([21]);
  });

  it('reloads once its join is done when the reset arrives while the join is in flight', async () => {
    const { socket, onResync } = setup();
    socket.serverConnect();
    socket.fire('domain-event', reset(20));
    expect(onResync).toHaveBeenCalledTimes(0);
    // The join's snapshot predates the reset: one more reload.
    await socket.answer({ headSeq: 10 });
    expect(onResync).toHaveBeenCalledTimes(2);
  });
});

describe('RealtimeClient catch-up position (servers with watermarks)', () => {
  const txEvent = (seq: number, tx: number, rooms: string[] = ['settings']): DomainEventEnvelope => ({ ...event(seq, rooms), tx: String(tx) });
  afterEach(() => jest.restoreAllMocks());

  it('sends its position on reconnect, pruned as the watermark moves on', async () => {
    const { socket, applied, onResync } = setup();
    socket.serverConnect();
    await socket.answer({ headSeq: 10, watermark: '100' });
    socket.fire('domain-event', txEvent(11, 100));
    socket.fire('domain-event', txEvent(12, 101));
    socket.fire('domain-event', txEvent(13, 102));
    // The tick's watermark settles tx 100 (seq 11): it leaves the seen list.
    socket.fire('head', { head: 13, from: 11, to: 13, counts: { settings: 2 }, watermark: '101' });
    await flush();
    expect(socket.requests).toHaveLength(1);

    socket.serverDrop();
    socket.serverConnect();
    expect(socket.requests[1]).toEqual({ rooms: ['settings'], lastSeq: 13, position: { watermark: '101', seen: [12, 13] } });
    await socket.answer({ headSeq: 15, watermark: '103', missed: [txEvent(14, 103), txEvent(15, 104)] });
    expect(applied).toEqual([11, 12, 13, 14, 15]);
    expect(onResync).toHaveBeenCalledTimes(1);

    // The answer's watermark holds once its replay is applied: 12 and 13 are settled now.
    socket.serverDrop();
    socket.serverConnect();
    expect(socket.requests[2]).toEqual({ rooms: ['settings'], lastSeq: 15, position: { watermark: '103', seen: [14, 15] } });
    await socket.answer({ headSeq: 15, watermark: '105' });
    expect(applied).toEqual([11, 12, 13, 14, 15]);
  });

  it('applies a late commit exactly once, however far below the seqs already applied', async () => {
    const { socket, applied } = setup();
    socket.serverConnect();
    await socket.answer({ headSeq: 10, watermark: '100' });
    // Seq 11's transaction (tx 150) is still open while 12…400 commit and arrive: more than the
    // seq-only sequencer remembers, so by seq alone 11 would count as applied.
    for (let seq = 12; seq <= 400; seq++) socket.fire('domain-event', txEvent(seq, 200 + seq));
    socket.serverDrop();
    socket.serverConnect();
    const position = socket.requests[1].position!;
    expect(position.watermark).toBe('100');
    expect(position.seen).toHaveLength(389);
    expect(position.seen).not.toContain(11);
    await socket.answer({ headSeq: 400, watermark: '150', missed: [txEvent(11, 150)] });
    socket.fire('domain-event', txEvent(11, 150)); // the late live push as well
    socket.fire('domain-event', txEvent(401, 601));
    expect(applied.filter((seq) => seq === 11)).toHaveLength(1);
    expect(applied.slice(-2)).toEqual([11, 401]);
    expect(applied).toHaveLength(391);
  });

  it('catches up a gap the tick found from the watermark read with its `from`', async () => {
    jest.spyOn(Math, 'random').mockReturnValue(0);
    const { socket, applied } = setup();
    socket.serverConnect();
    await socket.answer({ headSeq: 10, watermark: '100' });
    socket.fire('domain-event', txEvent(11, 100));
    socket.fire('domain-event', txEvent(13, 102)); // 12 went to another instance and was lost
    socket.fire('head', { head: 13, from: 10, to: 13, counts: { settings: 3 }, watermark: '100' });
    await flush();
    expect(socket.requests[1]).toEqual({ rooms: ['settings'], lastSeq: 10, position: { watermark: '100', seen: [11, 13] } });
    await socket.answer({ headSeq: 13, watermark: '103', missed: [txEvent(12, 101)] });
    expect(applied).toEqual([11, 13, 12]);
  });

  it('asks by lastSeq when its watermark is newer than the point events were lost from', async () => {
    jest.spyOn(Math, 'random').mockReturnValue(0);
    const { socket, applied } = setup();
    socket.serverConnect();
    await socket.answer({ headSeq: 10, watermark: '100' });
    socket.fire('domain-event', txEvent(11, 100));
    socket.fire('head', { head: 30, from: 20, to: 30, counts: {}, watermark: '120' });
    await flush();
    socket.fire('resume', { since: 15 });
    await flush();
    expect(socket.requests[1]).toEqual({ rooms: ['settings'], lastSeq: 11 });
    // Judged by seq: a lost event below the watermark is still applied.
    await socket.answer({ headSeq: 30, watermark: '125', missed: [txEvent(11, 100), txEvent(16, 110)] });
    expect(applied).toEqual([11, 16]);
  });

  it('reloads on a resync answer and starts its position from that answer', async () => {
    const { socket, onResync } = setup();
    socket.serverConnect();
    await socket.answer({ headSeq: 10, watermark: '100' });
    socket.fire('domain-event', txEvent(11, 100));
    socket.serverDrop();
    socket.serverConnect();
    await socket.answer({ headSeq: 50, watermark: '140', resync: true });
    expect(onResync).toHaveBeenCalledTimes(2);
    socket.serverDrop();
    socket.serverConnect();
    expect(socket.requests[2]).toEqual({ rooms: ['settings'], lastSeq: 50, position: { watermark: '140', seen: [] } });
  });
});

describe('RealtimeClient with batched frames (domain-events)', () => {
  function setupBatched() {
    const socket = new FakeSocket();
    const client = new RealtimeClient(() => socket as unknown as AppSocket, jest.fn());
    const batches: number[][] = [];
    const singles: number[] = [];
    const onResync = jest.fn(async () => undefined);
    client.connect('token-1');
    client.subscribe(['settings'], { onEvent: (e) => singles.push(e.seq), onEvents: (list) => batches.push(list.map((e) => e.seq)), onResync });
    return { socket, client, batches, singles, onResync };
  }

  it('hands a frame’s new events of its rooms to the subscription in one call, in seq order', async () => {
    const { socket, batches, singles } = setupBatched();
    socket.serverConnect();
    await socket.answer({ headSeq: 10 });
    socket.fire('domain-events', [event(9), event(11), event(12, ['board']), event(13), event(11)]);
    expect(batches).toEqual([[11, 13]]);
    // A lone event is a list of one; what was applied is not applied again.
    socket.fire('domain-event', event(13));
    socket.fire('domain-event', event(14));
    socket.fire('domain-events', [event(15), event(14)]);
    expect(batches).toEqual([[11, 13], [14], [15]]);
    expect(singles).toEqual([]);
  });

  it('gives one event at a time to a subscription without onEvents', async () => {
    const { socket, applied } = setup();
    socket.serverConnect();
    await socket.answer({ headSeq: 10 });
    socket.fire('domain-events', [event(12), event(11)]);
    expect(applied).toEqual([11, 12]);
  });

  it('applies the replay and the frames that came during the join as one batch', async () => {
    const { socket, batches } = setupBatched();
    socket.serverConnect();
    await socket.answer({ headSeq: 10 });
    socket.serverDrop();
    socket.serverConnect();
    socket.fire('domain-events', [event(14), event(15)]); // live, while the join is in flight
    await socket.answer({ headSeq: 15, missed: [event(12), event(11), event(13)] });
    expect(batches).toEqual([[11, 12, 13, 14, 15]]);
  });

  it('handles a data.reset inside a frame in its place', async () => {
    const { socket, batches, onResync } = setupBatched();
    socket.serverConnect();
    await socket.answer({ headSeq: 10 });
    expect(onResync).toHaveBeenCalledTimes(1);
    const reset = { ...event(13, []), name: 'data.reset', payload: { reason: 'clearAll', at: '2024-01-01T00:00:00.000Z' } } as DomainEventEnvelope;
    socket.fire('domain-events', [event(11), event(12), reset, event(14)]);
    expect(batches).toEqual([[11, 12], [14]]);
    expect(onResync).toHaveBeenCalledTimes(2);
    // Older than the reset: in the reloaded snapshot already.
    socket.fire('domain-events', [event(12), event(13), event(15)]);
    expect(batches).toEqual([[11, 12], [14], [15]]);
  });
});
