import type { Logger, Queryable } from '@parley/common';
import * as mailStore from '../store/mail';
import type { MailRow } from '../store/mail';
import { isPermanentFailure, MailTransport } from './transport';

export interface MailSenderOptions {
  /** The envelope sender and From address (NOREPLY_EMAIL_ADDRESS). */
  from: string;
  /** How often the queue is looked at when nothing woke the sender (MAIL_POLL_MS). */
  pollMs: number;
  /** How long a claimed mail is this sender's: longer than one attempt may take. */
  leaseMs: number;
  /** After how long a mail still failing is given up (MAIL_GIVE_UP_HOURS). */
  giveUpMs: number;
  /** Mails claimed, and sent in parallel, at a time. */
  batch: number;
  /** Days a sent or abandoned mail stays in the table (for `manage mails`). */
  keepDays: number;
  /** The first retry's wait; each next one doubles, up to 10 minutes. */
  retryBaseMs: number;
}

export const DEFAULT_MAIL_SENDER: Omit<MailSenderOptions, 'from'> = {
  pollMs: 1000,
  leaseMs: 2 * 60_000,
  giveUpMs: 72 * 3_600_000,
  batch: 10,
  keepDays: 7,
  retryBaseMs: 5_000,
};

/** The wait before attempt n + 1 (n ≥ 1): 5 s, 10 s, 20 s, … up to 10 minutes. */
export function backoffMs(attempts: number, baseMs = DEFAULT_MAIL_SENDER.retryBaseMs): number {
  return Math.min(baseMs * 2 ** Math.min(30, Math.max(0, attempts - 1)), 10 * 60_000);
}

/**
 * Sends queued mail (mail_queue): every replica of the users service runs one; a mail is
 * claimed by one of them at a time (claimDueMail). Sending happens outside any transaction and
 * with no pooled connection held (rule 1): claim (one statement), send, record (one statement).
 */
export class MailSender {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();
  private stopped = false;
  private again = false;
  private lastPrune = 0;

  constructor(
    private readonly db: Queryable,
    private readonly transport: MailTransport,
    private readonly log: Logger,
    private readonly options: MailSenderOptions,
  ) {}

  start(): void {
    this.timer = setInterval(() => this.wake(), this.options.pollMs);
    this.timer.unref();
    this.wake();
  }

  /** Look at the queue now (a mail was just queued here); runs never overlap. */
  wake(): void {
    if (this.stopped) return;
    this.again = true;
    this.running = this.running.then(async () => {
      while (this.again && !this.stopped) {
        this.again = false;
        try {
          if ((await this.sendDue()) === this.options.batch) this.again = true;
          await this.prune();
        } catch (err) {
          this.log.warn({ err }, 'mail: could not read the queue; the next look will retry');
        }
      }
    });
  }

  /** Sends what is due, one batch; returns how many mails it claimed. */
  async sendDue(): Promise<number> {
    const claimed = await mailStore.claimDueMail(this.db, this.options.batch, this.options.leaseMs);
    await Promise.all(claimed.map((mail) => this.attempt(mail)));
    return claimed.length;
  }

  private async attempt(mail: MailRow): Promise<void> {
    let delivered;
    try {
      delivered = await this.transport.send(mail, this.options.from);
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      const tooOld = Date.now() - mail.created_at.getTime() >= this.options.giveUpMs;
      if (isPermanentFailure(err) || tooOld) {
        this.log.error({ mail: mail.id, kind: mail.kind, attempts: mail.attempts, err: reason }, 'mail: given up');
        await mailStore.markFailed(this.db, mail.id, reason);
      } else {
        const delay = backoffMs(mail.attempts, this.options.retryBaseMs);
        this.log.warn({ mail: mail.id, kind: mail.kind, attempts: mail.attempts, retryInMs: delay, err: reason }, 'mail: not sent; will retry');
        await mailStore.markRetry(this.db, mail.id, reason, delay);
      }
      return;
    }
    await mailStore.markSent(this.db, mail.id, delivered.filePath);
    this.log.info({ mail: mail.id, kind: mail.kind, messageId: mail.message_id, file: delivered.filePath ?? undefined }, 'mail: sent');
  }

  private async prune(): Promise<void> {
    if (Date.now() - this.lastPrune < 3_600_000) return;
    this.lastPrune = Date.now();
    const pruned = await mailStore.pruneMail(this.db, this.options.keepDays);
    if (pruned) this.log.info({ pruned }, 'mail: old mails forgotten');
  }

  /** Stops looking and waits for the attempts in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
    this.transport.close();
  }
}
