/**
 * Frames that arrive together, handled once: the first frame of a burst starts a short wait,
 * every frame until it ends joins the batch, then `handler` runs once with all of them. A
 * screen that refetches on a frame then refetches once for "Generate all" (a frame per round
 * made) or a burst of publications, not once per frame — and a frame after the batch ran
 * starts a new one, so no change is missed.
 */
export interface FrameBatch<T> {
  push(frame: T): void;
  /** Drop what is waiting (the screen went away). */
  cancel(): void;
}

export const FRAME_BATCH_MS = 150;

export function batchFrames<T>(handler: (frames: T[]) => void, waitMs = FRAME_BATCH_MS): FrameBatch<T> {
  let waiting: T[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    push(frame) {
      waiting.push(frame);
      timer ??= setTimeout(() => {
        const frames = waiting;
        waiting = [];
        timer = undefined;
        handler(frames);
      }, waitMs);
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
      waiting = [];
    },
  };
}
