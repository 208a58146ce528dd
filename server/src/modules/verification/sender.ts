import type { CodePurpose } from '@baton/contracts';
import type { Db } from '../../db/client.js';
import { outbox } from '../../db/schema/index.js';

/** One message carrying a code. */
export interface CodeMessage {
  channel: 'sms' | 'email';
  to: string;
  text: string;
  purpose: CodePurpose;
}

/** Where codes go: pluggable (`SMS_SENDER`). A sender throws SendFailedError when it could not deliver. */
export interface CodeSender {
  readonly kind: 'console' | 'webhook';
  /** Codes one client address may ask for an hour (CODE_RATE_LIMIT; 30 when not given). */
  readonly perIpPerHour?: number;
  send(db: Db, message: CodeMessage): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The configured code sender, for modules that issue codes (`issueCode(db, input, app.codeSender)`). */
    codeSender: CodeSender;
  }
}

export class SendFailedError extends Error {}

/**
 * Development sender: writes the message to the log and to the outbox table, where an
 * administrator (and the tests) can read it. Nothing leaves the machine.
 */
export function consoleSender(log: (line: string) => void): CodeSender {
  return {
    kind: 'console',
    async send(db, message) {
      log(`[${message.channel} → ${message.to}] (${message.purpose}) ${message.text}`);
      await db.insert(outbox).values({
        channel: message.channel,
        target: message.to,
        purpose: message.purpose,
        text: message.text,
      });
    },
  };
}

/**
 * Real sender: POSTs `{channel, to, text, purpose}` as JSON to a gateway (SMS_WEBHOOK_URL) and
 * expects a 2xx within the timeout. Anything else is a failed delivery.
 */
export function webhookSender(url: string, opts: { timeoutMs?: number } = {}): CodeSender {
  const timeoutMs = opts.timeoutMs ?? 5000;
  return {
    kind: 'webhook',
    async send(_db, message) {
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json', 'user-agent': 'Baton-Sender/1' },
          body: JSON.stringify({
            channel: message.channel,
            to: message.to,
            text: message.text,
            purpose: message.purpose,
          }),
          signal: AbortSignal.timeout(timeoutMs),
          redirect: 'error',
        });
      } catch (err) {
        throw new SendFailedError(`webhook unreachable: ${(err as Error).name}`);
      }
      // Drain the body so the connection is released, whatever it says.
      await res.arrayBuffer().catch(() => undefined);
      if (!res.ok) throw new SendFailedError(`webhook answered ${res.status}`);
    },
  };
}

export function makeSender(
  config: { smsSender: 'console' | 'webhook'; smsWebhookUrl: string | null; codeRatePerHour?: number },
  log: (line: string) => void,
): CodeSender {
  const limits = config.codeRatePerHour ? { perIpPerHour: config.codeRatePerHour } : {};
  if (config.smsSender === 'webhook') {
    if (!config.smsWebhookUrl) throw new Error('SMS_SENDER=webhook needs SMS_WEBHOOK_URL');
    return { ...webhookSender(config.smsWebhookUrl), ...limits };
  }
  return { ...consoleSender(log), ...limits };
}
