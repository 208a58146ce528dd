import net from 'node:net';

/**
 * A TCP proxy a fault test controls, between Baton and PostgreSQL or Redis (issue 21): it forwards
 * bytes both ways until told to
 *
 * - `cut()`: destroy every open connection at once (as a failover or `pg_terminate_backend` does;
 *   the peer sees ECONNRESET or an unexpected end), new connections still go through;
 * - `refuse()` / `accept()`: new connections are closed as soon as they arrive (the server is down)
 *   until `accept()`; combine with `cut()` for an outage;
 * - `pause()` / `resume()`: hold every byte, on open and new connections, without closing anything
 *   (a network that stalls); held bytes flow on `resume()`;
 * - `delay(ms)`: every chunk waits `ms` before it is forwarded, in order (a slow link: +ms per round
 *   trip one way, so +2·ms for a request and its answer when both ways are delayed).
 *
 * Listens on 127.0.0.1 only; `close()` ends it and every connection.
 */
export interface TcpProxy {
  readonly port: number;
  /** `host:port` to put in a URL in place of the target's. */
  readonly address: string;
  /** Connections currently open through the proxy. */
  readonly open: number;
  cut(): void;
  refuse(): void;
  accept(): void;
  pause(): void;
  resume(): void;
  delay(ms: number): void;
  close(): Promise<void>;
}

interface Link {
  client: net.Socket;
  upstream: net.Socket;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const links = new Set<Link>();
  let refusing = false;
  let paused = false;
  let delayMs = 0;
  const held: (() => void)[] = [];

  /** Forward a chunk now, after the delay, or when resumed, keeping the order per direction. */
  const forwarder = (to: net.Socket) => {
    let chain: Promise<void> = Promise.resolve();
    return (chunk: Buffer) => {
      chain = chain.then(async () => {
        if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
        if (paused) await new Promise<void>((r) => held.push(r));
        if (!to.destroyed) to.write(chunk);
      });
    };
  };

  const server = net.createServer((client) => {
    if (refusing) {
      client.destroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    const link = { client, upstream };
    links.add(link);
    const end = () => {
      links.delete(link);
      client.destroy();
      upstream.destroy();
    };
    client.on('data', forwarder(upstream));
    upstream.on('data', forwarder(client));
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as net.AddressInfo).port;

  const release = () => {
    for (const r of held.splice(0)) r();
  };

  return {
    port,
    address: `127.0.0.1:${port}`,
    get open() {
      return links.size;
    },
    cut() {
      for (const { client, upstream } of [...links]) {
        // A reset, not a polite FIN: what the client sees when the server or the network goes.
        client.resetAndDestroy();
        upstream.destroy();
      }
      links.clear();
    },
    refuse() {
      refusing = true;
    },
    accept() {
      refusing = false;
    },
    pause() {
      paused = true;
    },
    resume() {
      paused = false;
      release();
    },
    delay(ms: number) {
      delayMs = Math.max(0, ms);
    },
    async close() {
      paused = false;
      release();
      for (const { client, upstream } of links) {
        client.destroy();
        upstream.destroy();
      }
      links.clear();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The same URL with its host and port replaced by the proxy's (`postgres://…`, `redis://…`). */
export function throughProxy(url: string, proxy: TcpProxy): string {
  const u = new URL(url);
  u.hostname = '127.0.0.1';
  u.port = String(proxy.port);
  return u.toString();
}
