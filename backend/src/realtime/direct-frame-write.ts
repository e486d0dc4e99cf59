// The fan-out's write of one ready-made WebSocket frame to one socket, past Engine.IO's per-packet
// bookkeeping when that cannot change what the client receives (issue 13, items 1 and 2).
//
// Why: writing a frame through Socket.IO (client._packet → Engine.IO's sendPacket → flush →
// transport.send → ws) costs, per socket and frame, a packet object, four event emits, the write
// buffer's arrays, and a completion callback that turns the transport writable again and emits
// 'drain' twice more. With 1,000 boards that bookkeeping is paid 1,000 times per frame on the
// loop that also answers the scans. The frame itself is the same bytes for every socket (the
// adapter's wsPreEncodedFrame), so it is written as Engine.IO's own pre-encoded path would
// (ws's Sender.sendFrame), minus the bookkeeping.
//
// Order is what must not change. The direct write is taken only when Engine.IO has nothing of its
// own in flight for the socket: its WebSocket transport is writable (no send awaiting its
// completion) and its write buffer is empty, the connection is open and not upgrading, and ws is
// open with no per-message deflate. Then everything Engine.IO sent before is already in the TCP
// socket's stream, ours goes after it, and whatever Engine.IO sends next goes after ours: the
// client sees the same sequence. Otherwise (long-polling, an upgrade, a packet buffered behind a
// slow client) the frame takes Socket.IO's path, as before.
import type { Socket } from 'socket.io';

/** The parts of Engine.IO's socket and ws the check reads (not in their public types). */
interface EngineInternals {
  readyState: string;
  upgrading: boolean;
  writeBuffer: unknown[];
  transport: {
    name: string;
    writable: boolean;
    perMessageDeflate?: unknown;
    socket?: { readyState: number; _sender?: { sendFrame?: (frame: Buffer[], callback?: () => void) => void } };
  };
}

/** ws's WebSocket.OPEN. */
const WS_OPEN = 1;

/**
 * Writes `frame` (a complete WebSocket frame, header and payload, as one or two buffers) to the
 * socket directly when that keeps the order of everything the socket receives; false: not
 * written, the caller sends it through Socket.IO.
 */
export function writeFrameDirect(socket: Socket, frame: Buffer[]): boolean {
  // Every internal is checked for what it should be: a Socket.IO release that renamed one makes
  // this answer false (Socket.IO's path), never throw or write out of order.
  const conn = socket.conn as unknown as Partial<EngineInternals> | undefined;
  const transport = conn?.transport;
  if (!conn || !transport || conn.readyState !== 'open' || conn.upgrading !== false || !Array.isArray(conn.writeBuffer) || conn.writeBuffer.length !== 0) return false;
  if (transport.name !== 'websocket' || transport.writable !== true || transport.perMessageDeflate) return false;
  const ws = transport.socket;
  const send = ws?._sender?.sendFrame;
  if (!ws || ws.readyState !== WS_OPEN || typeof send !== 'function') return false;
  send.call(ws._sender, frame);
  return true;
}

/** The adapter's pre-built frame ([header, payload]) as ONE buffer: one write per socket instead of cork, two writes, uncork. */
export function joinedFrame(wsPreEncodedFrame: unknown): Buffer[] | undefined {
  if (!Array.isArray(wsPreEncodedFrame) || !wsPreEncodedFrame.every((part) => Buffer.isBuffer(part))) return undefined;
  return [Buffer.concat(wsPreEncodedFrame as Buffer[])];
}
