import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { batchFrames } from './batch';

describe('batchFrames', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('hands a burst of frames over once, in order, after the wait', () => {
    const calls: number[][] = [];
    const batch = batchFrames<number>((frames) => calls.push(frames), 150);
    for (let i = 0; i < 80; i += 1) batch.push(i);
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(149);
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual([Array.from({ length: 80 }, (_, i) => i)]);
  });

  it('starts a new batch for a frame that arrives after the last one ran', () => {
    const calls: string[][] = [];
    const batch = batchFrames<string>((frames) => calls.push(frames), 100);
    batch.push('a');
    vi.advanceTimersByTime(100);
    batch.push('b');
    batch.push('c');
    vi.advanceTimersByTime(100);
    expect(calls).toEqual([['a'], ['b', 'c']]);
  });

  it('drops what waits when cancelled, and works again afterwards', () => {
    const calls: string[][] = [];
    const batch = batchFrames<string>((frames) => calls.push(frames), 100);
    batch.push('gone');
    batch.cancel();
    vi.advanceTimersByTime(500);
    expect(calls).toEqual([]);
    batch.push('kept');
    vi.advanceTimersByTime(100);
    expect(calls).toEqual([['kept']]);
  });
});
