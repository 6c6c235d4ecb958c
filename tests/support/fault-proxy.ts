import net from "node:net";

/**
 * A TCP proxy on a loopback port that a test puts between the portal and a service it depends on
 * (PostgreSQL, an identity provider), to take the service away and give it back:
 * - forward(): passes connections through to the target (the start state; connections taken
 *   while hanging are cut);
 * - refuse(): cuts every open connection and stops listening, so new ones are refused;
 * - hang(): cuts the open connections; new ones are accepted and never pass a byte either way
 *   (a service that takes requests and never answers);
 * - cut(): cuts the open connections and keeps the current mode.
 * The port stays the same throughout, so the portal's configuration never changes.
 */
export type ProxyMode = "forward" | "hang" | "refuse";

export class FaultProxy {
  private server: net.Server;
  private readonly sockets = new Set<net.Socket>();
  private current: ProxyMode = "forward";

  private constructor(
    private readonly target: { host: string; port: number },
    readonly port: number,
    server: net.Server,
  ) {
    this.server = server;
  }

  static async start(target: { host: string; port: number }): Promise<FaultProxy> {
    const probe = net.createServer();
    await listen(probe, 0);
    const { port } = probe.address() as net.AddressInfo;
    const proxy = new FaultProxy(target, port, probe);
    probe.on("connection", (socket) => proxy.handle(socket));
    return proxy;
  }

  get address(): string {
    return `127.0.0.1:${this.port}`;
  }

  private track(socket: net.Socket): void {
    this.sockets.add(socket);
    socket.on("close", () => this.sockets.delete(socket));
    // A cut connection reports ECONNRESET or EPIPE on the other side; nothing to do here.
    socket.on("error", () => undefined);
  }

  private handle(client: net.Socket): void {
    this.track(client);
    if (this.current !== "forward") return;
    const upstream = net.connect(this.target.port, this.target.host);
    this.track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  }

  /** Destroys every open connection, both sides. */
  cut(): void {
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
  }

  async refuse(): Promise<void> {
    this.current = "refuse";
    this.cut();
    if (this.server.listening) await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  async hang(): Promise<void> {
    this.cut();
    this.current = "hang";
    await this.ensureListening();
  }

  async forward(): Promise<void> {
    // Connections taken while hanging never pass anything: a service coming back resets them.
    if (this.current === "hang") this.cut();
    this.current = "forward";
    await this.ensureListening();
  }

  private async ensureListening(): Promise<void> {
    if (this.server.listening) return;
    const server = net.createServer((socket) => this.handle(socket));
    await listen(server, this.port);
    this.server = server;
  }

  async close(): Promise<void> {
    await this.refuse();
  }
}

function listen(server: net.Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
}
