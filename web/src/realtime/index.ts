import type { RealtimeFrames, RealtimeTopic } from '@baton/contracts';
import { useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { getRealtimeState, onTopic, type RealtimeState, subscribeRealtimeState } from './client';

export {
  CLOSE_TOKEN_INVALID,
  type FrameRecord,
  getRealtimeState,
  onFrame,
  onTopic,
  type RealtimeState,
  type RealtimeStatus,
  reconnect,
  send,
  startRealtime,
} from './client';

/** The connection state, re-rendering on change. */
export function useRealtimeState(): RealtimeState {
  return useSyncExternalStore(subscribeRealtimeState, getRealtimeState);
}

/** Listen to a topic while the component is mounted (the latest handler is always called). */
export function useTopic<T extends RealtimeTopic>(topic: T, handler: (data: RealtimeFrames[T]) => void): void;
export function useTopic(topic: string, handler: (data: unknown) => void): void;
export function useTopic(topic: string, handler: (data: never) => void): void {
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  useEffect(() => onTopic(topic, (data: unknown) => (latest.current as (d: unknown) => void)(data)), [topic]);
}
