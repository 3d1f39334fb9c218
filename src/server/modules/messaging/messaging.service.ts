import nodemailer from 'nodemailer';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Logger } from '../../lib/logger';
import { devOutbox } from './messaging.schema';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  /** What it is for, e.g. `reset-password`; kept in the outbox and the log. */
  purpose: string;
}

export interface OutgoingSms {
  to: string;
  text: string;
  purpose: string;
}

/** Sends e-mail and text messages through whatever provider is configured. */
export interface Messenger {
  sendEmail(message: OutgoingEmail): Promise<void>;
  sendSms(message: OutgoingSms): Promise<void>;
  /** Which real providers are configured (the rest go to the development outbox). */
  readonly providers: { email: 'smtp' | 'outbox'; sms: 'gateway' | 'outbox' };
}

/**
 * The messenger for this configuration: SMTP (nodemailer) when SMTP_URL is set, an HTTP SMS gateway
 * when SMS_GATEWAY_URL is set, and otherwise the development outbox: a table that tests and a
 * developer read, plus a log line (with the content only outside production).
 */
export function createMessenger(options: { config: Config; db: Database; logger: Logger }): Messenger {
  const { config, db, logger } = options;
  const transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;

  async function keepInOutbox(
    channel: 'email' | 'sms',
    message: { to: string; subject?: string; text: string; purpose: string },
  ) {
    await db.insert(devOutbox).values({
      channel,
      recipient: message.to,
      subject: message.subject ?? null,
      body: message.text,
      purpose: message.purpose,
    });
    const entry = { channel, to: message.to, purpose: message.purpose };
    if (config.production) logger.warn(entry, 'no provider configured: message kept in the outbox table');
    else logger.info({ ...entry, subject: message.subject, text: message.text }, 'development outbox');
  }

  return {
    providers: { email: transport ? 'smtp' : 'outbox', sms: config.smsGateway ? 'gateway' : 'outbox' },
    async sendEmail(message) {
      if (!transport) return keepInOutbox('email', message);
      await transport.sendMail({
        from: config.mailFrom,
        to: message.to,
        subject: message.subject,
        text: message.text,
      });
      logger.info({ to: message.to, purpose: message.purpose }, 'e-mail sent');
    },
    async sendSms(message) {
      const gateway = config.smsGateway;
      if (!gateway) return keepInOutbox('sms', message);
      const response = await fetch(gateway.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(gateway.token ? { authorization: `Bearer ${gateway.token}` } : {}),
        },
        body: JSON.stringify({ to: message.to, message: message.text }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`the SMS gateway answered ${response.status}`);
      logger.info({ to: message.to, purpose: message.purpose }, 'text message sent');
    },
  };
}
