export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Sends mail to customers. The default writes to the outbox table, which a local page lists. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}
