// Board clients, outside the server's process: N sockets subscribed to room `board`. Each event
// is timestamped on arrival and its latency computed from the send time its scan id carries.
//
// By default the sockets speak the Socket.IO v4 protocol directly over `ws` (handshake with
// auth, `subscribe` with its ack, pong, events) and read the scan id out of the frame without a
// full parse: simulating a thousand boards on a two-core machine, a full client (socket.io-client
// parsing every packet) costs several times the server's own work and would mostly measure
// itself. BENCH_BOARD_CLIENT=socket.io uses socket.io-client instead. Both understand the app's
// batches (`domain-events`: a list of envelopes in one frame, every scan in it counted with the
// frame's arrival time) as well as single `domain-event`s.
import { io as connectIo, type Socket as IoSocket } from 'socket.io-client';
import WebSocket from 'ws';
import { SOCKET_EVENTS } from '../../../contracts/events.js';
import { clock, cpuSeconds, newHistogram, parseScanId, record, serve, sleep } from './shared.js';

interface Board {
  close(): void;
}

interface PhaseState {
  phase: string;
  /** Added to (arrival − send): corrects the offset between the sender's clock and ours. */
  shift: number;
  histogram: Uint32Array;
  counts: Uint16Array;
  maxima: Float64Array;
  delivered: number;
  foreign: number;
  /** Frames received before the phase (the phase's count is the difference). */
  framesAtStart: number;
}

const boards: Board[] = [];
let state: PhaseState | undefined;
let lastEventAt = 0;
const useSocketIo = process.env.BENCH_BOARD_CLIENT === 'socket.io';

function onEvent(scanId: string, arrivedAt: number): void {
  lastEventAt = arrivedAt;
  if (!state) return;
  const parsed = parseScanId(scanId);
  if (!parsed || parsed.phase !== state.phase || parsed.index >= state.counts.length) {
    state.foreign++;
    return;
  }
  const latency = arrivedAt - parsed.sentAtMs + state.shift;
  record(state.histogram, latency);
  state.counts[parsed.index]++;
  if (latency > state.maxima[parsed.index]) state.maxima[parsed.index] = latency;
  state.delivered++;
}

const SCAN_ID_FIELD = '"scanId":"';
const EVENT_PREFIX = `42["${SOCKET_EVENTS.domainEvent}"`;
/** A batch window's events in one frame (the app's fan-out): every scan id in it counts. */
const EVENTS_PREFIX = `42["${SOCKET_EVENTS.domainEvents}"`;
let frames = 0;

/** Each scan id in a frame, in order (one for `domain-event`, all of a `domain-events` list). */
function onFrame(text: string, arrivedAt: number): void {
  frames++;
  let start = text.indexOf(SCAN_ID_FIELD);
  while (start >= 0) {
    const from = start + SCAN_ID_FIELD.length;
    const end = text.indexOf('"', from);
    onEvent(text.slice(from, end), arrivedAt);
    start = text.indexOf(SCAN_ID_FIELD, end);
  }
}

/** One board socket speaking Engine.IO 4 / Socket.IO 5 over a plain WebSocket. */
function rawBoard(url: string, auth: object, rooms: string[]): Promise<Board> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`, { perMessageDeflate: false });
    const timer = setTimeout(() => reject(new Error('board connect timed out')), 30_000);
    socket.on('error', reject);
    socket.on('message', (data: Buffer) => {
      const arrivedAt = clock();
      const text = data.toString();
      if (text.startsWith(EVENT_PREFIX) || text.startsWith(EVENTS_PREFIX)) onFrame(text, arrivedAt);
      else if (text === '2') socket.send('3'); // ping → pong
      else if (text.startsWith('0')) socket.send(`40${JSON.stringify(auth)}`); // open → connect with auth
      else if (text.startsWith('40')) socket.send(`420${JSON.stringify([SOCKET_EVENTS.subscribe, { rooms }])}`);
      else if (text.startsWith('44')) reject(new Error(`connect refused: ${text}`));
      else if (text.startsWith('430')) {
        clearTimeout(timer);
        resolve({ close: () => socket.close() });
      }
    });
  });
}

async function socketIoBoard(url: string, auth: object, rooms: string[]): Promise<Board> {
  const socket: IoSocket = connectIo(url, { path: '/socket.io', auth, transports: ['websocket'], reconnection: false, forceNew: true });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  socket.on(SOCKET_EVENTS.domainEvent, (envelope: { payload: { scanId?: string } }) => {
    frames++;
    if (envelope.payload.scanId) onEvent(envelope.payload.scanId, clock());
  });
  socket.on(SOCKET_EVENTS.domainEvents, (envelopes: { payload: { scanId?: string } }[]) => {
    frames++;
    const arrivedAt = clock();
    for (const envelope of envelopes) if (envelope.payload.scanId) onEvent(envelope.payload.scanId, arrivedAt);
  });
  await socket.timeout(30_000).emitWithAck(SOCKET_EVENTS.subscribe, { rooms });
  return { close: () => socket.disconnect() };
}

serve({
  ready: () => true,
  clock: () => clock(),
  cpu: () => cpuSeconds(),
  connect: async (args: { url: string | string[]; auth: object; count: number; rooms: string[] }) => {
    // Several URLs (instances): the boards are spread over them in turn.
    const urls = Array.isArray(args.url) ? args.url : [args.url];
    for (let i = 0; i < args.count; i += 25) {
      const batch = Array.from({ length: Math.min(25, args.count - i) }, (_, k) => (useSocketIo ? socketIoBoard : rawBoard)(urls[(i + k) % urls.length], args.auth, args.rooms));
      boards.push(...(await Promise.all(batch)));
    }
    return boards.length;
  },
  disconnect: async () => {
    for (const board of boards.splice(0)) board.close();
    await sleep(200);
    return boards.length;
  },
  startPhase: (args: { phase: string; scans: number; shift: number }) => {
    state = {
      phase: args.phase,
      shift: args.shift,
      histogram: newHistogram(),
      counts: new Uint16Array(args.scans),
      maxima: new Float64Array(args.scans),
      delivered: 0,
      foreign: 0,
      framesAtStart: frames,
    };
    return true;
  },
  progress: () => ({ delivered: state?.delivered ?? 0, lastEventAt }),
  endPhase: () => {
    const result = state && { ...state, frames: frames - state.framesAtStart };
    state = undefined;
    return result;
  },
});
