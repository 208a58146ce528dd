import { MESSAGE_DURATION_S, MESSAGE_OFFSET_PX } from '@baton/contracts';
import './lite.css';

type Kind = 'success' | 'error' | 'warning' | 'info';

const LOOK: Record<Kind, { mark: string; color: string }> = {
  success: { mark: '✓', color: '#52c41a' },
  error: { mark: '✕', color: '#ff4d4f' },
  warning: { mark: '!', color: '#faad14' },
  info: { mark: 'i', color: 'var(--baton-primary)' },
};

let holder: HTMLDivElement | null = null;

function show(kind: Kind, content: string): void {
  if (!holder?.isConnected) {
    holder = document.createElement('div');
    holder.className = 'lite-toast-holder';
    holder.style.top = `${MESSAGE_OFFSET_PX}px`;
    document.body.append(holder);
  }
  const notice = document.createElement('div');
  notice.className = `lite-toast lite-toast-${kind}`;
  notice.setAttribute('role', kind === 'error' || kind === 'warning' ? 'alert' : 'status');
  const mark = document.createElement('i');
  mark.textContent = LOOK[kind].mark;
  mark.style.background = LOOK[kind].color;
  mark.setAttribute('aria-hidden', 'true');
  const text = document.createElement('span');
  text.textContent = content;
  notice.append(mark, text);
  holder.append(notice);
  setTimeout(() => notice.remove(), MESSAGE_DURATION_S * 1000);
}

/** A message at the top of the page (antd's `message` look) for the pages that render without antd. */
export const toast = {
  success: (content: string) => show('success', content),
  error: (content: string) => show('error', content),
  warning: (content: string) => show('warning', content),
  info: (content: string) => show('info', content),
};
