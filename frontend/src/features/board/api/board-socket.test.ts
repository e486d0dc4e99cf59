// The public board's use of the one socket: handshake with the board key, a refused key that
// does not end any session, and a knock after the server closed the socket.
import { jest } from '@jest/globals';
import type { SocketAuth } from '@contracts/events';
import { RealtimeClient, type AppSocket } from '../../../lib/socket';

type Listener = (...args: unknown[]) => void;

class FakeSocket {
  connected = false;
  active = true;
  connects = 0;
  private readonly listeners = new Map<string, Listener[]>();
  constructor(readonly auth: SocketAuth) {}
  on(event: string, listener: Listener) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  removeAllListeners() {
    this.listeners.clear();
    return this;
  }
  connect() {
    this.connects += 1;
    return this;
  }
  disconnect() {
    this.connected = false;
    return this;
  }
  fire(event: string, ...args: unknown[]) {
    (this.listeners.get(event) ?? []).forEach((listener) => listener(...args));
  }
}

function setup() {
  const sockets: FakeSocket[] = [];
  const onUnauthorized = jest.fn();
  const client = new RealtimeClient((auth) => {
    const socket = new FakeSocket(auth);
    sockets.push(socket);
    return socket as unknown as AppSocket;
  }, onUnauthorized);
  return { client, sockets, onUnauthorized };
}

describe('RealtimeClient with a board key', () => {
  afterEach(() => jest.useRealTimers());

  it('hands the key to the handshake instead of a token', () => {
    const { client, sockets } = setup();
    client.connectBoardKey('key-1');
    expect(sockets[0].auth).toEqual({ boardKey: 'key-1' });
    expect(client.usesBoardKey).toBe(true);
    client.connectBoardKey('key-1');
    expect(sockets).toHaveLength(1);
    client.connectBoardKey('key-2');
    expect(sockets).toHaveLength(2);
    expect(sockets[1].auth).toEqual({ boardKey: 'key-2' });
  });

  it('reports a refused key without ending a session', () => {
    const { client, sockets, onUnauthorized } = setup();
    client.connectBoardKey('bad');
    sockets[0].active = false;
    sockets[0].fire('connect_error', new Error('unauthorized'));
    expect(client.connection.get()).toMatchObject({ status: 'disconnected', reason: 'unauthorized' });
    expect(onUnauthorized).not.toHaveBeenCalled();
    // Asked again (the key works again): the same socket knocks again.
    client.connectBoardKey('bad');
    expect(sockets[0].connects).toBe(2);
  });

  it('knocks once more after the server closed the socket, to learn whether the key still works', () => {
    jest.useFakeTimers();
    const { client, sockets } = setup();
    client.connectBoardKey('key-1');
    sockets[0].connected = true;
    sockets[0].fire('connect');
    sockets[0].connected = false;
    sockets[0].active = false;
    sockets[0].fire('disconnect', 'io server disconnect');
    expect(client.connection.get().status).toBe('disconnected');
    jest.advanceTimersByTime(1_000);
    expect(sockets[0].connects).toBe(2);
  });

  it('leaves a signed-in connection alone when the board lets go', () => {
    const { client, sockets } = setup();
    client.connect('token-1');
    client.disconnectBoardKey();
    expect(client.connection.get().status).toBe('connecting');
    expect(sockets[0].auth).toEqual({ token: 'token-1' });
    client.connectBoardKey('key-1');
    // A board that switched to another key lets go of its old one: the new connection stays.
    client.disconnectBoardKey('key-0');
    expect(client.connection.get().status).toBe('connecting');
    client.disconnectBoardKey('key-1');
    expect(client.connection.get().status).toBe('idle');
  });
});
