/**
 * Messages to users (guest-checkout links). No email infrastructure exists yet: the default
 * outbox writes each message to the server log at info level, where an operator can forward it.
 */
export interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  link: string;
}

export interface Outbox {
  send(message: OutboxMessage): void | Promise<void>;
}

export function logOutbox(log: { info(obj: object, msg: string): void }): Outbox {
  return {
    send(message) {
      log.info({ to: message.to, link: message.link }, `outbox: ${message.subject}`);
    },
  };
}
