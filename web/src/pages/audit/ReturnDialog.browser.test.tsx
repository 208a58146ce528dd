import { AUDIT_REASON_MAX } from '@baton/contracts';
import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import i18n from '../../app/i18n';
import { ReturnDialog } from './ReturnDialog';

const body = () => document.body;
/**
 * This test's dialog: the newest one in the page. A dialog of the test before can still be in the
 * document while it is taken down; its errors and fields are not this one's.
 */
const newest = <E extends Element>(selector: string) => [...body().querySelectorAll<E>(selector)].at(-1)!;
const reasonBox = () => newest<HTMLTextAreaElement>('[data-testid="return-reason"]');
const okButton = () => newest<HTMLButtonElement>('[data-testid="return-ok"]');
const errors = () =>
  [...newest('[data-testid="return-form"]').querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);

async function mount(onSubmit: (reason: string) => Promise<unknown>) {
  await i18n.changeLanguage('en');
  const onClose = vi.fn();
  const screen = await render(<ReturnDialog open count={2} onSubmit={onSubmit} onClose={onClose} />);
  await expect.poll(() => body().querySelector('[data-testid="return-reason"]')).not.toBeNull();
  return { screen, onClose };
}

describe('ReturnDialog', () => {
  it('requires a reason: empty or blank is refused and nothing is sent', async () => {
    const onSubmit = vi.fn(async () => undefined);
    const { onClose } = await mount(onSubmit);
    expect(body().textContent).toContain('Return 2 records');

    await userEvent.click(okButton());
    await expect.poll(errors).toEqual(['Give the reason for the return']);

    await userEvent.type(reasonBox(), '   ');
    await userEvent.click(okButton());
    await expect.poll(errors).toEqual(['Give the reason for the return']);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sends the trimmed reason, then closes', async () => {
    const onSubmit = vi.fn(async () => undefined);
    const { onClose } = await mount(onSubmit);
    await userEvent.type(reasonBox(), '  Photo is blurred  ');
    await userEvent.click(okButton());
    await expect.poll(() => onSubmit.mock.calls.length).toBe(1);
    expect(onSubmit).toHaveBeenCalledWith('Photo is blurred');
    await expect.poll(() => onClose.mock.calls.length).toBe(1);
    expect(errors()).toEqual([]);
  });

  it(`keeps the reason within ${AUDIT_REASON_MAX} characters`, async () => {
    const onSubmit = vi.fn(async () => undefined);
    await mount(onSubmit);
    reasonBox().focus();
    await userEvent.fill(reasonBox(), 'x'.repeat(AUDIT_REASON_MAX + 20));
    expect(reasonBox().value.length).toBeLessThanOrEqual(AUDIT_REASON_MAX);
    expect(body().textContent).toContain(`${AUDIT_REASON_MAX} / ${AUDIT_REASON_MAX}`);
  });

  it('stays open with the reason when the server refuses', async () => {
    const onSubmit = vi.fn(async () => {
      throw new Error('refused');
    });
    const { onClose } = await mount(onSubmit);
    await userEvent.type(reasonBox(), 'Wrong group');
    await userEvent.click(okButton());
    await expect.poll(() => onSubmit.mock.calls.length).toBe(1);
    expect(onClose).not.toHaveBeenCalled();
    expect(reasonBox().value).toBe('Wrong group');
  });
});
