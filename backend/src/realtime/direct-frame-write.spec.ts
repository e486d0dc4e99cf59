import type { Socket } from 'socket.io';
import { joinedFrame, writeFrameDirect } from './direct-frame-write.js';

/** A socket as Engine.IO and ws shape it, idle and open: what the direct write reads. */
function idleSocket() {
  const sent: Buffer[][] = [];
  const sender = { sendFrame: (frame: Buffer[]) => sent.push(frame) };
  const conn = {
    readyState: 'open',
    upgrading: false,
    writeBuffer: [] as unknown[],
    transport: { name: 'websocket', writable: true, perMessageDeflate: null as unknown, socket: { readyState: 1, _sender: sender } as { readyState: number; _sender?: unknown } },
  };
  return { socket: { conn } as unknown as Socket, conn, sent };
}

describe('writeFrameDirect', () => {
  const frame = [Buffer.from('frame')];

  it('writes to an idle, open WebSocket through ws’s sender', () => {
    const { socket, sent } = idleSocket();
    expect(writeFrameDirect(socket, frame)).toBe(true);
    expect(sent).toEqual([frame]);
  });

  it.each<[string, (conn: ReturnType<typeof idleSocket>['conn']) => void]>([
    ['a send is in flight (transport not writable)', (conn) => (conn.transport.writable = false)],
    ['a packet waits in Engine.IO’s buffer', (conn) => conn.writeBuffer.push({ type: 'message' })],
    ['the connection is upgrading', (conn) => (conn.upgrading = true)],
    ['the connection is closing', (conn) => (conn.readyState = 'closing')],
    ['the transport is long-polling', (conn) => (conn.transport.name = 'polling')],
    ['per-message deflate is on', (conn) => (conn.transport.perMessageDeflate = {})],
    ['ws is not open', (conn) => (conn.transport.socket.readyState = 2)],
    ['ws has no sender (another ws version)', (conn) => (conn.transport.socket._sender = undefined)],
    ['Engine.IO has no write buffer (another version)', (conn) => ((conn as { writeBuffer?: unknown }).writeBuffer = undefined)],
  ])('leaves the frame to Socket.IO when %s, without throwing', (_case, change) => {
    const { socket, conn, sent } = idleSocket();
    change(conn);
    expect(writeFrameDirect(socket, frame)).toBe(false);
    expect(sent).toEqual([]);
  });

  it('joins the adapter’s pre-built frame into one buffer, and refuses anything else', () => {
    expect(joinedFrame([Buffer.from('ab'), Buffer.from('cd')])).toEqual([Buffer.from('abcd')]);
    expect(joinedFrame(undefined)).toBeUndefined();
    expect(joinedFrame(['ab'])).toBeUndefined();
  });
});
