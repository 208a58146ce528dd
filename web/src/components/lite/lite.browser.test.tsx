import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { LiteEmptyDefault } from './empty';
import { LiteTabs } from './tabs';

const KEYS = ['one', 'two', 'three'] as const;
type Key = (typeof KEYS)[number];

/** Tabs as a page holds them: the open key in state, one panel rendered for it. */
function Harness({ opened }: { opened: Key[] }) {
  const [active, setActive] = useState<Key>('one');
  return (
    <>
      <button type="button">before</button>
      <LiteTabs<Key>
        aria-label="Sections"
        active={active}
        onChange={(key) => {
          opened.push(key);
          setActive(key);
        }}
        items={KEYS.map((key) => ({ key, label: `Tab ${key}` }))}
      >
        <p data-testid="panel">Panel {active}</p>
      </LiteTabs>
    </>
  );
}

describe('LiteTabs', () => {
  it('exposes the tabs pattern: one selected tab in the tab order, its panel labelled by it', async () => {
    const screen = await render(<Harness opened={[]} />);
    const tabs = screen.getByRole('tab');
    await expect.element(screen.getByRole('tablist', { name: 'Sections' })).toBeVisible();
    expect(tabs.elements()).toHaveLength(3);
    await expect.element(screen.getByRole('tab', { name: 'Tab one' })).toHaveAttribute('aria-selected', 'true');
    await expect.element(screen.getByRole('tab', { name: 'Tab two' })).toHaveAttribute('aria-selected', 'false');
    expect(tabs.elements().map((t) => t.getAttribute('tabindex'))).toEqual(['0', '-1', '-1']);
    await expect.element(screen.getByRole('tabpanel', { name: 'Tab one' })).toHaveTextContent('Panel one');
  });

  it('moves with the arrow keys (wrapping), Home and End, opening the tab it reaches', async () => {
    const opened: Key[] = [];
    const screen = await render(<Harness opened={opened} />);
    await screen.getByRole('button', { name: 'before' }).click();
    await userEvent.keyboard('{Tab}');
    await expect.element(screen.getByRole('tab', { name: 'Tab one' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect.element(screen.getByRole('tab', { name: 'Tab two' })).toHaveFocus();
    await expect.element(screen.getByTestId('panel')).toHaveTextContent('Panel two');
    await userEvent.keyboard('{End}');
    await expect.element(screen.getByRole('tab', { name: 'Tab three' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect.element(screen.getByRole('tab', { name: 'Tab one' })).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    await expect.element(screen.getByRole('tab', { name: 'Tab three' })).toHaveFocus();
    await userEvent.keyboard('{Home}');
    await expect.element(screen.getByRole('tabpanel')).toHaveTextContent('Panel one');
    expect(opened).toEqual(['two', 'three', 'one', 'three', 'one']);
  });

  it('opens a tab on click', async () => {
    const opened: Key[] = [];
    const screen = await render(<Harness opened={opened} />);
    await screen.getByRole('tab', { name: 'Tab three' }).click();
    await expect.element(screen.getByRole('tabpanel', { name: 'Tab three' })).toHaveTextContent('Panel three');
    expect(opened).toEqual(['three']);
  });
});

describe('LiteEmptyDefault', () => {
  it('shows its text and the action under it', async () => {
    const screen = await render(
      <LiteEmptyDefault description="Nothing here" data-testid="empty">
        <button type="button">Back</button>
      </LiteEmptyDefault>,
    );
    await expect.element(screen.getByTestId('empty')).toHaveTextContent('Nothing here');
    await expect.element(screen.getByTestId('empty').getByRole('button', { name: 'Back' })).toBeVisible();
  });
});
