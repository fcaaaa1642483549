import type { Mailer } from '../mail/service.js';

/** A message to one user carrying one link (guest-checkout set-password and claim links). */
export interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  link: string;
}

export interface Outbox {
  send(message: OutboxMessage): void | Promise<void>;
}

/** Queues each message in the durable mail outbox (delivered by SMTP or to DATA_DIR/mail). */
export function mailOutbox(mail: Mailer): Outbox {
  return {
    async send(message) {
      await mail.queue({
        kind: 'guest_link',
        to: message.to,
        content: {
          subject: message.subject,
          heading: message.subject,
          paragraphs: [message.text, 'The link works once.'],
          action: { label: 'Continue', url: message.link },
        },
      });
    },
  };
}
