import net from 'node:net';

/**
 * A TCP relay between the application and PostgreSQL that a test can cut, stall and restore, so
 * the database "disappears" for the application without stopping the PostgreSQL server that the
 * other test files share.
 */
export class TcpProxy {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  private listenPort = 0;
  private stalled = false;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  /** The port the application connects to; stays the same across cut() and restore(). */
  get port(): number {
    return this.listenPort;
  }

  /** Starts relaying on `port` (0: any free port the first time). */
  async start(port = this.listenPort): Promise<number> {
    const server = net.createServer((client) => this.relay(client));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ host: '127.0.0.1', port }, () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
    this.listenPort = (server.address() as net.AddressInfo).port;
    return this.listenPort;
  }

  /** The database vanishes: open connections are torn down and new ones are refused. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    const closed = server ? new Promise<void>((resolve) => server.close(() => resolve())) : Promise.resolve();
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    await closed;
  }

  /**
   * The network stalls without a word: no byte goes through any more, on open connections or on
   * new ones, yet no socket is closed, as when a link or a firewall silently drops packets.
   */
  stall(): void {
    this.stalled = true;
    for (const socket of this.sockets) {
      socket.unpipe();
      socket.pause();
    }
  }

  /**
   * The database comes back on the same address. After a stall, the connections open during it
   * stay silent for good (a firewall that forgot them); only new connections go through.
   */
  async restore(): Promise<void> {
    if (this.stalled) {
      this.stalled = false;
      if (this.server) return;
    }
    await this.start(this.listenPort);
  }

  async stop(): Promise<void> {
    await this.cut();
  }

  /** Connections currently relayed (both sides counted). */
  get openSockets(): number {
    return this.sockets.size;
  }

  private relay(client: net.Socket): void {
    if (this.stalled) {
      // Accepted by the kernel, then nothing: the client's startup message never reaches PostgreSQL.
      this.sockets.add(client);
      client.on('close', () => this.sockets.delete(client));
      client.on('error', () => client.destroy());
      client.pause();
      return;
    }
    const upstream = net.connect({ host: this.targetHost, port: this.targetPort });
    for (const socket of [client, upstream]) {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      // Either side failing ends the pair; the error itself is what the application must survive.
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  }
}
