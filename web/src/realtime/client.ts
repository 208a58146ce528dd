import {
  REALTIME_PATH,
  type RealtimeClientFrame,
  type RealtimeFrames,
  type RealtimeTopic,
  WS_RECONNECT_ATTEMPTS,
  WS_RECONNECT_DELAY_MS,
} from '@baton/contracts';
import { refreshAccessToken } from '../api/envelope';
import { useUserStore } from '../stores/user';

/**
 * The realtime channel (`/api/ws`, spec §4): one WebSocket per tab, opened after sign-in with the
 * access token, closed on sign-out, re-opened with the new token after a refresh. A connection
 * that drops is re-opened up to 3 times, 5000 ms apart. Pages listen with `onTopic`.
 */

export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'closed';

export interface RealtimeState {
  status: RealtimeStatus;
  /** Re-open attempts used since the last good connection (at most WS_RECONNECT_ATTEMPTS). */
  attempt: number;
  /** The user the server registered the connection for (from `welcome`); null when anonymous. */
  userId: number | null;
  /** Why the last connection closed, when it did. */
  lastClose: { code: number; reason: string } | null;
}

/** A frame as the console shows it: either direction, with the time it passed. */
export interface FrameRecord {
  /** Increasing number of the frame in this tab. */
  seq: number;
  direction: 'in' | 'out';
  at: number;
  topic: string;
  data: unknown;
}

/** Close code of the server for a refused token or an ended session. */
export const CLOSE_TOKEN_INVALID = 4401;
const MANUAL_CLOSE = 1000;
const HEARTBEAT_MS = 30_000;

type Handler = (data: never, topic: string) => void;

const handlers = new Map<string, Set<Handler>>();
const frameListeners = new Set<(frame: FrameRecord) => void>();
const stateListeners = new Set<() => void>();

let state: RealtimeState = { status: 'idle', attempt: 0, userId: null, lastClose: null };
let socket: WebSocket | null = null;
let socketToken = '';
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let heartbeat: ReturnType<typeof setInterval> | undefined;
/** One token refresh per failed connection series: a refused fresh token is not retried. */
let refreshedForThisSeries = false;
/** Anonymous listeners keep a connection open without a session (public topics). */
let anonymousHolds = 0;
let started = false;

function setState(patch: Partial<RealtimeState>) {
  state = { ...state, ...patch };
  for (const l of stateListeners) l();
}

/** The bare token (`Bearer ` removed) of the signed-in user, or '' when signed out. */
function currentToken(): string {
  return useUserStore.getState().accessToken.replace(/^Bearer\s+/i, '');
}

function socketUrl(token: string): string {
  const { protocol, host } = window.location;
  const scheme = protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${host}${REALTIME_PATH}${token ? `?token=${encodeURIComponent(token)}` : ''}`;
}

let frameSeq = 0;
function emitFrame(record: Omit<FrameRecord, 'seq'>) {
  if (!frameListeners.size) return;
  frameSeq += 1;
  for (const l of frameListeners) l({ ...record, seq: frameSeq });
}

function dispatch(topic: string, data: unknown) {
  emitFrame({ direction: 'in', at: Date.now(), topic, data });
  for (const h of handlers.get(topic) ?? []) {
    try {
      (h as (d: unknown, t: string) => void)(data, topic);
    } catch (error) {
      console.error(`realtime handler for "${topic}" failed`, error);
    }
  }
}

function clearTimers() {
  clearTimeout(retryTimer);
  retryTimer = undefined;
  clearInterval(heartbeat);
  heartbeat = undefined;
}

function wanted(): boolean {
  return Boolean(currentToken()) || anonymousHolds > 0;
}

function open(token: string) {
  clearTimers();
  socketToken = token;
  let ws: WebSocket;
  try {
    ws = new WebSocket(socketUrl(token));
  } catch {
    scheduleRetry();
    return;
  }
  socket = ws;
  setState({ status: state.attempt > 0 ? 'reconnecting' : 'connecting' });

  ws.onmessage = (event) => {
    if (socket !== ws || typeof event.data !== 'string') return;
    let frame: { topic?: unknown; data?: unknown };
    try {
      frame = JSON.parse(event.data) as { topic?: unknown; data?: unknown };
    } catch {
      return;
    }
    if (typeof frame?.topic !== 'string') return;
    if (frame.topic === 'welcome') {
      const welcome = frame.data as RealtimeFrames['welcome'];
      refreshedForThisSeries = false;
      setState({ status: 'open', attempt: 0, userId: welcome?.userId ?? null });
    }
    dispatch(frame.topic, frame.data);
  };

  ws.onopen = () => {
    if (socket !== ws) return;
    heartbeat = setInterval(() => send({ type: 'ping' }), HEARTBEAT_MS);
  };

  ws.onclose = (event) => {
    if (socket !== ws) return;
    socket = null;
    clearInterval(heartbeat);
    heartbeat = undefined;
    setState({ lastClose: { code: event.code, reason: event.reason }, userId: null });
    if (event.code === MANUAL_CLOSE && !wanted()) {
      setState({ status: 'closed' });
      return;
    }
    if (event.code === CLOSE_TOKEN_INVALID && socketToken && !refreshedForThisSeries) {
      // The access token expired (or the session ended): a refresh changes the stored token,
      // and the store subscription opens a connection with the new one.
      refreshedForThisSeries = true;
      setState({ status: 'reconnecting' });
      refreshAccessToken().catch(() => setState({ status: 'closed' }));
      return;
    }
    if (event.code === CLOSE_TOKEN_INVALID) {
      setState({ status: 'closed' });
      return;
    }
    scheduleRetry();
  };
}

function scheduleRetry() {
  if (!wanted()) {
    setState({ status: 'closed' });
    return;
  }
  if (state.attempt >= WS_RECONNECT_ATTEMPTS) {
    setState({ status: 'closed' });
    return;
  }
  setState({ status: 'reconnecting', attempt: state.attempt + 1 });
  retryTimer = setTimeout(() => {
    retryTimer = undefined;
    if (wanted()) open(currentToken());
  }, WS_RECONNECT_DELAY_MS);
}

function close() {
  clearTimers();
  const ws = socket;
  socket = null;
  socketToken = '';
  if (ws && ws.readyState <= WebSocket.OPEN) ws.close(MANUAL_CLOSE, 'client closed');
  setState({ status: 'closed', attempt: 0, userId: null });
}

/** Bring the connection in line with the session: open, re-open with a new token, or close. */
function sync() {
  const token = currentToken();
  if (!wanted()) {
    if (socket || retryTimer) close();
    return;
  }
  if (socket && socketToken === token) return;
  if (!socket && retryTimer && socketToken === token) return;
  if (socket) {
    const old = socket;
    socket = null;
    old.close(MANUAL_CLOSE, 'token changed');
  }
  setState({ attempt: 0 });
  open(token);
}

/** Start following the session (idempotent): called once at start-up. */
export function startRealtime(): void {
  if (started) return;
  started = true;
  useUserStore.subscribe((s, prev) => {
    if (s.accessToken !== prev.accessToken) sync();
  });
  sync();
}

/** Open the connection again after it gave up (the console's "connect" button). */
export function reconnect(): void {
  if (socket) {
    const old = socket;
    socket = null;
    old.close(MANUAL_CLOSE, 'reconnect');
  }
  clearTimers();
  setState({ attempt: 0 });
  refreshedForThisSeries = false;
  if (wanted()) open(currentToken());
}

/** Send a client frame; false when the connection is not open. */
export function send(frame: RealtimeClientFrame): boolean {
  if (!socket || socket.readyState !== WebSocket.OPEN) return false;
  socket.send(JSON.stringify(frame));
  if (frame.type !== 'ping' || frameListeners.size) {
    emitFrame({ direction: 'out', at: Date.now(), topic: frame.type, data: 'data' in frame ? frame.data : null });
  }
  return true;
}

/**
 * Listen to one topic; answers the function that stops listening. Known topics are typed from
 * the contracts; later topics (live results) may be any string. `public: true` keeps an
 * anonymous connection open while the listener lives (for topics published to everyone).
 */
export function onTopic<T extends RealtimeTopic>(
  topic: T,
  handler: (data: RealtimeFrames[T], topic: T) => void,
  options?: { public?: boolean },
): () => void;
export function onTopic(
  topic: string,
  handler: (data: unknown, topic: string) => void,
  options?: { public?: boolean },
): () => void;
export function onTopic(
  topic: string,
  handler: (data: never, topic: never) => void,
  options: { public?: boolean } = {},
): () => void {
  let set = handlers.get(topic);
  if (!set) {
    set = new Set();
    handlers.set(topic, set);
  }
  const h = handler as Handler;
  set.add(h);
  if (options.public) {
    anonymousHolds += 1;
    sync();
  }
  let active = true;
  return () => {
    if (!active) return;
    active = false;
    handlers.get(topic)?.delete(h);
    if (options.public) {
      anonymousHolds -= 1;
      sync();
    }
  };
}

/** Every frame in and out (the WebSocket console). */
export function onFrame(listener: (frame: FrameRecord) => void): () => void {
  frameListeners.add(listener);
  return () => frameListeners.delete(listener);
}

export function getRealtimeState(): RealtimeState {
  return state;
}

export function subscribeRealtimeState(listener: () => void): () => void {
  stateListeners.add(listener);
  return () => stateListeners.delete(listener);
}
