import { App } from 'antd';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import i18n from '../../app/i18n';
import { ActionModal } from './ActionModal';

/* A dialog whose OK runs one write: closes once it succeeds, stays open otherwise. */

const closed = vi.fn();

function Dialog({ onOk, keepOpen }: { onOk: () => Promise<unknown>; keepOpen?: boolean }) {
  const [open, setOpen] = useState(true);
  return (
    <App>
      <ActionModal
        open={open}
        title="Do it"
        onOk={onOk}
        onClose={() => {
          closed();
          setOpen(false);
        }}
        keepOpen={keepOpen}
        okTestId="do-ok"
      >
        body
      </ActionModal>
    </App>
  );
}

const ok = () => document.querySelector<HTMLElement>('[data-testid="do-ok"]')!;
const dialogOpen = () => Boolean(document.querySelector('.ant-modal-wrap:not([style*="display: none"]) .ant-modal'));

beforeEach(async () => {
  await i18n.changeLanguage('en');
  closed.mockClear();
});

describe('ActionModal', () => {
  it('says Save and Cancel, spins while the write runs, and closes once it succeeds', async () => {
    let finish = () => {};
    const write = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    await render(<Dialog onOk={write} />);
    expect(ok().textContent).toBe('Save');
    expect(document.body.textContent).toContain('Cancel');
    await userEvent.click(ok());
    await expect.poll(() => ok().className).toContain('ant-btn-loading');
    expect(closed).not.toHaveBeenCalled();
    finish();
    await expect.poll(() => closed.mock.calls.length).toBe(1);
    await expect.poll(dialogOpen).toBe(false);
    expect(write).toHaveBeenCalledTimes(1);
  });

  it('stays open when the write fails', async () => {
    await render(<Dialog onOk={() => Promise.reject(new Error('A0409'))} />);
    await userEvent.click(ok());
    await expect.poll(() => ok().className).not.toContain('ant-btn-loading');
    expect(closed).not.toHaveBeenCalled();
  });

  it('stays open when OK resolves false', async () => {
    const write = vi.fn(async () => false);
    await render(<Dialog onOk={write} />);
    await userEvent.click(ok());
    await expect.poll(() => write.mock.calls.length).toBe(1);
    await expect.poll(() => ok().className).not.toContain('ant-btn-loading');
    expect(closed).not.toHaveBeenCalled();
  });

  it('stays open after a successful write with keepOpen', async () => {
    const write = vi.fn(async () => undefined);
    await render(<Dialog onOk={write} keepOpen />);
    await userEvent.click(ok());
    await expect.poll(() => write.mock.calls.length).toBe(1);
    await expect.poll(() => ok().className).not.toContain('ant-btn-loading');
    expect(closed).not.toHaveBeenCalled();
    expect(dialogOpen()).toBe(true);
  });
});
