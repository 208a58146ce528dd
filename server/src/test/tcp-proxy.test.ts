import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.js';

/** The fault tests' proxy itself: forwards, cuts, refuses, holds and delays as it says. */
let echo: net.Server;
let proxy: TcpProxy;

function roundTrip(text: string, timeoutMs = 2000): Promise<{ reply: string; ms: number } | { error: string }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const s = net.connect(proxy.port, '127.0.0.1');
    const timer = setTimeout(() => {
      s.destroy();
      resolve({ error: 'timeout' });
    }, timeoutMs);
    s.on('data', (d) => {
      clearTimeout(timer);
      s.end();
      resolve({ reply: d.toString(), ms: Date.now() - started });
    });
    s.on('error', (e) => {
      clearTimeout(timer);
      resolve({ error: (e as NodeJS.ErrnoException).code ?? e.message });
    });
    s.on('close', () => {
      clearTimeout(timer);
      resolve({ error: 'closed' });
    });
    s.write(text);
  });
}

beforeAll(async () => {
  echo = net.createServer((s) => s.on('data', (d) => s.write(d)).on('error', () => {}));
  await new Promise<void>((r) => echo.listen(0, '127.0.0.1', () => r()));
  proxy = await startTcpProxy({ host: '127.0.0.1', port: (echo.address() as net.AddressInfo).port });
});
afterAll(async () => {
  await proxy.close();
  await new Promise((r) => echo.close(r));
});

describe('tcp proxy', () => {
  it('forwards both ways', async () => {
    expect(await roundTrip('hello')).toMatchObject({ reply: 'hello' });
  });

  it('cut resets open connections; refuse closes new ones until accept', async () => {
    const s = net.connect(proxy.port, '127.0.0.1');
    await new Promise((r) => s.once('connect', r));
    await new Promise((r) => setTimeout(r, 50));
    const closed = new Promise<string>((r) => {
      s.once('error', (e) => r((e as NodeJS.ErrnoException).code ?? 'error'));
      s.once('close', () => r('closed'));
    });
    proxy.cut();
    expect(await closed).toMatch(/ECONNRESET|closed/);
    proxy.refuse();
    expect(await roundTrip('x')).toHaveProperty('error');
    proxy.accept();
    expect(await roundTrip('back')).toMatchObject({ reply: 'back' });
  });

  it('pause holds bytes until resume; delay slows each way', async () => {
    proxy.pause();
    const pending = roundTrip('held', 3000);
    await new Promise((r) => setTimeout(r, 300));
    proxy.resume();
    const r = await pending;
    expect(r).toMatchObject({ reply: 'held' });
    expect((r as { ms: number }).ms).toBeGreaterThanOrEqual(250);
    proxy.delay(100);
    const slow = await roundTrip('slow');
    proxy.delay(0);
    expect((slow as { ms: number }).ms).toBeGreaterThanOrEqual(190);
  });
});
