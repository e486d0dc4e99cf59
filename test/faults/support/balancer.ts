// A TCP load balancer in front of the instances, as in a deployment: each new connection goes to
// the first instance of its preference list that accepts it. A board behind it knows one URL;
// when its instance goes away, only the board's own reconnection (the frontend's realtime
// client) can bring it to another instance — nothing in the test moves it.
import { connect, createServer, type Server, type Socket } from 'node:net';
import { FaultBoard } from './board';
import type { FaultCluster } from './cluster';
import type { AppInstance } from './instances';

export class Balancer {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private port = 0;
  /** Where each accepted connection went, in order ("A", "B", or "none"). */
  readonly routed: { at: number; to: string }[] = [];

  constructor(private readonly backends: () => AppInstance[]) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const server = createServer((client) => this.route(client));
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    const address = server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
    this.server = server;
  }

  private route(client: Socket): void {
    this.track(client);
    client.on('error', () => client.destroy());
    client.pause();
    const candidates = [...this.backends()];
    const attempt = () => {
      const backend = candidates.shift();
      if (!backend) {
        this.routed.push({ at: Date.now(), to: 'none' });
        client.destroy();
        return;
      }
      const upstream = connect({ host: '127.0.0.1', port: Number(new URL(backend.url).port) });
      let connected = false;
      upstream.on('error', () => {
        // Refused (the instance is gone or no longer listening): the next one.
        if (!connected) attempt();
      });
      upstream.once('connect', () => {
        connected = true;
        this.routed.push({ at: Date.now(), to: backend.name });
        this.track(upstream);
        const close = () => {
          client.destroy();
          upstream.destroy();
        };
        upstream.on('error', close).on('close', close);
        client.on('close', close);
        client.pipe(upstream);
        upstream.pipe(client);
        client.resume();
      });
    };
    attempt();
  }

  private track(socket: Socket): void {
    this.sockets.add(socket);
    socket.once('close', () => this.sockets.delete(socket));
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((closed) => (this.server ? this.server.close(() => closed()) : closed()));
  }
}

/**
 * Two boards that reach the cluster through a balancer preferring A and one through a balancer
 * preferring B, started; everything is torn down with the cluster.
 */
export async function boardsBehindBalancers(cluster: FaultCluster): Promise<{ toA: Balancer; toB: Balancer; boards: FaultBoard[] }> {
  const { a, b, factory } = cluster;
  const toA = new Balancer(() => [a, b]);
  const toB = new Balancer(() => [b, a]);
  await toA.start();
  await toB.start();
  cluster.onTeardown(() => toA.stop());
  cluster.onTeardown(() => toB.stop());
  const boards = [
    new FaultBoard('board-A1', [toA.url], factory.token, factory.cells),
    new FaultBoard('board-A2', [toA.url], factory.token, factory.cells),
    new FaultBoard('board-B1', [toB.url], factory.token, factory.cells),
  ];
  cluster.onTeardown(() => boards.forEach((board) => board.stop()));
  await Promise.all(boards.map((board) => board.start()));
  return { toA, toB, boards };
}
