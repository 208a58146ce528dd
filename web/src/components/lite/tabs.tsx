import { type KeyboardEvent as ReactKeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import './tabs.css';

export type LiteTabItem<K extends string> = { key: K; label: ReactNode };

/**
 * Tabs (antd Tabs' look: a line of tabs over the open panel, an ink bar under the open tab) with
 * the ARIA tabs pattern: one tab in the tab order, arrow keys (and Home/End) move to another tab
 * and open it. Only the open tab's panel is rendered (`children`). On a narrow screen the line of
 * tabs scrolls sideways, the open tab kept in view.
 */
export function LiteTabs<K extends string>({
  items,
  active,
  onChange,
  children,
  className,
  'aria-label': ariaLabel,
}: {
  items: readonly LiteTabItem<K>[];
  active: K;
  onChange: (key: K) => void;
  children: ReactNode;
  className?: string;
  'aria-label'?: string;
}) {
  const id = useId();
  const list = useRef<HTMLDivElement>(null);
  const tabId = (key: K) => `${id}-tab-${key}`;
  useEffect(() => {
    const tab = document.getElementById(`${id}-tab-${active}`);
    const nav = list.current;
    if (!tab || !nav || nav.scrollWidth <= nav.clientWidth) return;
    // Keep the open tab in view without moving the page (scrollIntoView would scroll it too).
    const left = tab.offsetLeft - nav.offsetLeft;
    if (left < nav.scrollLeft) nav.scrollLeft = left - 16;
    else if (left + tab.offsetWidth > nav.scrollLeft + nav.clientWidth)
      nav.scrollLeft = left + tab.offsetWidth - nav.clientWidth + 16;
  }, [id, active]);
  const onKeyDown = (e: ReactKeyboardEvent<HTMLDivElement>) => {
    const at = items.findIndex((i) => i.key === active);
    const rtl = getComputedStyle(e.currentTarget).direction === 'rtl';
    const step: Record<string, number | undefined> = {
      ArrowRight: rtl ? -1 : 1,
      ArrowLeft: rtl ? 1 : -1,
      Home: -at,
      End: items.length - 1 - at,
    };
    const by = step[e.key];
    if (by === undefined || items.length === 0) return;
    e.preventDefault();
    const next = items[(at + by + items.length) % items.length]!;
    onChange(next.key);
    document.getElementById(tabId(next.key))?.focus();
  };
  return (
    <div className={className ? `lite-tabs ${className}` : 'lite-tabs'}>
      <div className="lite-tabs-nav" role="tablist" aria-label={ariaLabel} ref={list} onKeyDown={onKeyDown}>
        {items.map((item) => (
          <button
            key={item.key}
            id={tabId(item.key)}
            type="button"
            role="tab"
            aria-selected={item.key === active}
            aria-controls={`${id}-panel`}
            tabIndex={item.key === active ? 0 : -1}
            className="lite-tab"
            onClick={() => onChange(item.key)}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={tabId(active)} className="lite-tabs-panel">
        {children}
      </div>
    </div>
  );
}

/** A titled card (antd Card, borderless): a header line over its body. */
export function LiteCard({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <section className="lite-card">
      <h2 className="lite-card-head">{title}</h2>
      <div className="lite-card-body">{children}</div>
    </section>
  );
}
