import { expect, vi } from 'vitest';
import { userEvent } from 'vitest/browser';

/** Helpers of the component tests that drive antd widgets in the page (dropdowns render in document.body). */

/** The element of this data-testid anywhere in the page (modals and dropdowns included), or null. */
export const testId = (id: string) => document.body.querySelector<HTMLElement>(`[data-testid="${id}"]`);

/** The options of the open Select dropdown. */
export const openOptions = () => [
  ...document.body.querySelectorAll<HTMLElement>(
    '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option',
  ),
];

/** Open a Select and click the option with this text (a multiple select stays open). */
export async function pick(select: Element, text: string) {
  await userEvent.click(select.querySelector('.ant-select-selector') ?? select);
  const option = await vi.waitFor(() => {
    const found = openOptions().find((o) => o.textContent === text);
    if (!found) throw new Error(`no option "${text}" in ${openOptions().map((o) => o.textContent)}`);
    return found;
  });
  await userEvent.click(option);
}

/** Open a Select, click the option with this text, and wait for the dropdown to be gone. */
export async function choose(select: Element, text: string) {
  await pick(select, text);
  await expect.poll(() => openOptions().length, { timeout: 10_000 }).toBe(0);
}
