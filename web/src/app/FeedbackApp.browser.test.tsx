import { App, ConfigProvider } from 'antd';
import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { FeedbackApp, useFeedback } from './FeedbackApp';

function Buttons() {
  const { message, modal } = useFeedback();
  // antd's own hook reads the same context.
  const viaApp = App.useApp();
  return (
    // Below where the notification shows (it would cover the buttons in the narrow test frame).
    <div style={{ paddingTop: 240 }}>
      <button type="button" onClick={() => message.success('Saved it')}>
        message
      </button>
      <button
        type="button"
        onClick={() => {
          const opened = modal.confirm({ title: 'Delete the session?', content: 'Really' });
          opened.update({ title: 'Delete the session now?' });
        }}
      >
        modal
      </button>
      <button type="button" onClick={() => viaApp.notification.open({ title: 'A notice arrived' })}>
        notification
      </button>
      <button
        type="button"
        onClick={() => {
          const opened = modal.info({ title: 'Gone soon' });
          opened.destroy();
        }}
      >
        destroyed
      </button>
    </div>
  );
}

function renderApp() {
  return render(
    <ConfigProvider>
      <FeedbackApp message={{ top: 8, duration: 3 }} notification={{ placement: 'topRight', duration: 3 }}>
        <Buttons />
      </FeedbackApp>
    </ConfigProvider>,
  );
}

describe('FeedbackApp', () => {
  it("wraps the page in antd's app element and shows a message at once", async () => {
    const screen = await renderApp();
    expect(screen.container.querySelector('.ant-app')).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'message' }));
    await expect.element(screen.getByText('Saved it')).toBeVisible();
  });

  it('opens a notification and a modal (updated before its code arrived) on first use', async () => {
    const screen = await renderApp();
    expect(document.querySelector('.ant-modal')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'notification' }));
    await expect.element(screen.getByText('A notice arrived')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'modal' }));
    await expect.element(screen.getByRole('dialog')).toHaveTextContent('Delete the session now?');
    await expect.element(screen.getByRole('dialog')).toHaveTextContent('Really');
    // The holders' code is fetched (and, here, compiled) on this first use.
  }, 30_000);

  it('closes a modal destroyed before it showed', async () => {
    const screen = await renderApp();
    await userEvent.click(screen.getByRole('button', { name: 'destroyed' }));
    await new Promise((r) => setTimeout(r, 600));
    expect(screen.getByText('Gone soon').query()).toBeNull();
  });
});
