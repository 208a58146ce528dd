import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { forgetPublicReads, type ReadKey, refreshPublicReads, usePublicRead } from './public-reads';

/** A read whose answers the test hands out one by one, counting the requests. */
function controlled<T>() {
  const waiting: { resolve: (v: T) => void; reject: (e: unknown) => void }[] = [];
  return {
    load: () => new Promise<T>((resolve, reject) => waiting.push({ resolve, reject })),
    get requests() {
      return waiting.length;
    },
    answer(i: number, value: T) {
      waiting[i]!.resolve(value);
    },
    fail(i: number, error: unknown) {
      waiting[i]!.reject(error);
    },
  };
}

function Reader({ k, load, id, enabled }: { k: ReadKey; load: () => Promise<string>; id: string; enabled?: boolean }) {
  const read = usePublicRead(k, load, { enabled });
  const text = read.isLoading ? 'loading' : read.isError ? `error:${String(read.error)}` : (read.data ?? 'none');
  return <p data-testid={id}>{text}</p>;
}

/** A reader of `['e']` that a button unmounts and mounts again. */
function Toggle({ load }: { load: () => Promise<string> }) {
  const [shown, setShown] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setShown((s) => !s)}>
        toggle
      </button>
      {shown ? <Reader k={['e']} load={load} id="e" /> : null}
    </>
  );
}

const textOf = (id: string) => document.querySelector(`[data-testid="${id}"]`)?.textContent;

beforeEach(() => forgetPublicReads());

describe('public reads', () => {
  it('asks once for a key however many components read it, and shares the answer', async () => {
    const read = controlled<string>();
    await render(
      <>
        <Reader k={['a', 1]} load={read.load} id="one" />
        <Reader k={['a', 1]} load={read.load} id="two" />
      </>,
    );
    expect(textOf('one')).toBe('loading');
    await expect.poll(() => read.requests).toBe(1);
    read.answer(0, 'first');
    await expect.poll(() => textOf('two')).toBe('first');
    expect(textOf('one')).toBe('first');
    expect(read.requests).toBe(1);
  });

  it('does not ask while disabled, and is not loading then', async () => {
    const read = controlled<string>();
    await render(<Reader k={['b']} load={read.load} id="off" enabled={false} />);
    expect(textOf('off')).toBe('none');
    await new Promise((r) => setTimeout(r, 50));
    expect(read.requests).toBe(0);
  });

  it('shows a failure as an error, and keeps the earlier answer', async () => {
    const read = controlled<string>();
    await render(<Reader k={['c']} load={read.load} id="c" />);
    await expect.poll(() => read.requests).toBe(1);
    read.fail(0, 'down');
    await expect.poll(() => textOf('c')).toBe('error:down');
  });

  it('refetches what is on screen when refreshed, and only the keys that match', async () => {
    const a = controlled<string>();
    const b = controlled<string>();
    await render(
      <>
        <Reader k={['live', 7, 'events']} load={a.load} id="a" />
        <Reader k={['live', 8, 'events']} load={b.load} id="b" />
      </>,
    );
    a.answer(0, 'a1');
    b.answer(0, 'b1');
    await expect.poll(() => textOf('b')).toBe('b1');
    refreshPublicReads((key) => key[1] === 7);
    await expect.poll(() => a.requests).toBe(2);
    expect(b.requests).toBe(1);
    // The earlier answer stays on screen until the new one arrives.
    expect(textOf('a')).toBe('a1');
    a.answer(1, 'a2');
    await expect.poll(() => textOf('a')).toBe('a2');
  });

  it('asks again after an answer that was on its way when the data changed', async () => {
    const read = controlled<string>();
    await render(<Reader k={['d']} load={read.load} id="d" />);
    await expect.poll(() => read.requests).toBe(1);
    refreshPublicReads(() => true);
    expect(read.requests).toBe(1);
    read.answer(0, 'before the change');
    await expect.poll(() => read.requests).toBe(2);
    read.answer(1, 'after the change');
    await expect.poll(() => textOf('d')).toBe('after the change');
  });

  it('keeps an answer off screen until its next mount, then fetches it if it was refreshed', async () => {
    const read = controlled<string>();
    const screen = await render(<Toggle load={read.load} />);
    read.answer(0, 'kept');
    await expect.poll(() => textOf('e')).toBe('kept');
    await screen.getByRole('button').click();
    await screen.getByRole('button').click();
    // Fresh: shown from the cache, no new request.
    expect(textOf('e')).toBe('kept');
    expect(read.requests).toBe(1);
    await screen.getByRole('button').click();
    refreshPublicReads(() => true);
    expect(read.requests).toBe(1);
    await screen.getByRole('button').click();
    await expect.poll(() => read.requests).toBe(2);
    expect(textOf('e')).toBe('kept');
    read.answer(1, 'new');
    await expect.poll(() => textOf('e')).toBe('new');
  });
});
