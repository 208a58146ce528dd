import { PROGRESS } from '@baton/contracts';
import './lite.css';

/**
 * The thin bar at the top while a route loads (what nprogress did): it creeps towards the end
 * while loading and fills and fades out when done. Timings from the contracts' PROGRESS.
 */
let bar: HTMLDivElement | null = null;
let value: number | null = null;
let trickle: ReturnType<typeof setInterval> | undefined;
let hide: ReturnType<typeof setTimeout> | undefined;

function paint(n: number, visible: boolean): void {
  if (!bar) {
    bar = document.createElement('div');
    bar.className = 'lite-progress';
    bar.setAttribute('aria-hidden', 'true');
    bar.style.transitionDuration = `${PROGRESS.speed}ms`;
    document.body.append(bar);
  }
  bar.style.transform = `scaleX(${n})`;
  bar.style.opacity = visible ? '1' : '0';
}

export const progress = {
  start(): void {
    clearTimeout(hide);
    if (value !== null) return;
    value = PROGRESS.minimum;
    paint(value, true);
    trickle = setInterval(() => {
      if (value === null) return;
      // Ever slower, never full: a quarter of what is left, at least a little.
      value = Math.min(0.994, value + Math.max(0.005, (1 - value) * 0.08));
      paint(value, true);
    }, PROGRESS.trickleSpeed);
  },
  done(): void {
    if (value === null) return;
    clearInterval(trickle);
    value = null;
    paint(1, true);
    hide = setTimeout(() => paint(1, false), PROGRESS.speed);
  },
};
