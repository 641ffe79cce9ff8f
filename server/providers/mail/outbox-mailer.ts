import type { Db } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import type { Mail, Mailer } from './mailer';

export class OutboxMailer implements Mailer {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async send(mail: Mail): Promise<void> {
    await this.db
      .insertInto('mail_outbox')
      .values({ to_address: mail.to, subject: mail.subject, text_body: mail.text, created_at: this.clock.now() })
      .execute();
  }
}
