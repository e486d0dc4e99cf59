import { randomUUID } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { SOCKET_EVENTS, type DomainEventEnvelope, type SubscribeResult } from '../../../contracts/events.js';
import { applyProgressToRow, type BoardSnapshot } from '../../../contracts/production.js';
import { shiftDay } from '../progress/calendar.js';
import { localDay } from '../progress/progress-math.js';
import { setUpProduction, type ProductionFixture } from '../testing/production-fixture.js';
import { bootTestApp, connected, type TestApp } from '../testing/test-app.js';

// A TV that loses its connection while the floor keeps scanning: when it comes back it asks for
// what it missed (subscribe with lastSeq), applies it to the rows it holds, and must then show
// exactly what a freshly loaded board shows — the database's numbers.
describe('a board catching up after a disconnect', () => {
  let t: TestApp;
  let f: ProductionFixture;

  beforeAll(async () => {
    t = await bootTestApp();
    f = await setUpProduction(t);
  });
  afterAll(() => t.close());

  const snapshot = () => f.data<BoardSnapshot>(t.http.get('/api/board/snapshot').set('token', f.admin));

  /** What a board client does: applies each new progress event to its rows, once per seq. */
  class BoardClient {
    applied = new Set<number>();
    lastSeq: number;
    constructor(public board: BoardSnapshot) {
      this.lastSeq = board.headSeq;
    }
    apply(event: DomainEventEnvelope): void {
      if (this.applied.has(event.seq)) return;
      this.applied.add(event.seq);
      this.lastSeq = Math.max(this.lastSeq, event.seq);
      if (event.name !== 'production.progressed') return;
      const payload = event.payload as DomainEventEnvelope<'production.progressed'>['payload'];
      this.board.rows = this.board.rows.map((row) => (row.id === payload.orderId ? applyProgressToRow(row, payload) : row));
    }
    async connect(): Promise<{ socket: Socket; result: SubscribeResult }> {
      const socket = t.socket({ token: f.admin });
      socket.on(SOCKET_EVENTS.domainEvent, (event: DomainEventEnvelope) => this.apply(event));
      await connected(socket);
      const result: SubscribeResult = await socket.timeout(5000).emitWithAck(SOCKET_EVENTS.subscribe, { rooms: ['board'], lastSeq: this.lastSeq });
      for (const event of result.missed) this.apply(event);
      return { socket, result };
    }
  }

  const until = async (condition: () => boolean) => {
    for (let i = 0; i < 100 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
  };

  it('ends equal to the database after missing scans and a correcting entry', async () => {
    // Due within the board's default window (delivery in the next 30 days).
    const soon = { orderDate: localDay(), deliveryDate: shiftDay(localDay(), 10) };
    const orders = [await f.createOrder(soon), await f.createOrder(soon), await f.createOrder(soon)];
    const client = new BoardClient(await snapshot());
    const first = await client.connect();
    expect(first.result.resync).toBe(false);

    // Live while connected.
    await f.data(f.scan({ orderId: orders[0].id, processId: f.processes.cut, quantity: 10 }));
    await until(() => client.applied.size === 1);
    expect(client.board.rows.find((row) => row.id === orders[0].id)!.steps[String(f.processes.cut)].done).toBe(10);

    // The Wi-Fi drops; the floor keeps going.
    first.socket.disconnect();
    const reversible = randomUUID();
    await f.data(f.post('scan/record', { scanId: reversible, orderId: orders[1].id, processId: f.processes.cut, quantity: 8 }));
    for (const order of orders) {
      await f.data(f.scan({ orderId: order.id, processId: f.processes.cut, quantity: 20 }));
      await f.data(f.scan({ orderId: order.id, processId: f.processes.sew, quantity: 15 }));
    }
    await f.data(f.post('scan/reverse', { scanId: randomUUID(), reversesScanId: reversible }));

    const before = JSON.stringify(client.board.rows);
    const lastApplied = client.lastSeq;
    const again = await client.connect();
    expect(again.result.resync).toBe(false);
    // The replay starts a little before the last applied event (commits can land out of seq
    // order); the client drops what it already applied.
    expect(again.result.missed.filter((event) => event.seq > lastApplied && event.name === 'production.progressed')).toHaveLength(8);
    expect(JSON.stringify(client.board.rows)).not.toBe(before);

    const fresh = await snapshot();
    const ours = (rows: BoardSnapshot['rows']) => rows.filter((row) => orders.some((order) => order.id === row.id));
    expect(ours(client.board.rows)).toEqual(ours(fresh.rows));
    expect(ours(fresh.rows).find((row) => row.id === orders[1].id)!.steps[String(f.processes.cut)].done).toBe(20);
    again.socket.disconnect();
  });

  it('is told to reload its snapshot when it is too far behind to replay', async () => {
    const client = new BoardClient(await snapshot());
    client.lastSeq = client.board.headSeq + 1_000_000; // newer than the database: e.g. after a restore
    const { socket, result } = await client.connect();
    expect(result.resync).toBe(true);
    socket.disconnect();
  });
});
