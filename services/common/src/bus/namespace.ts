import type { Bus, BusHandler, SubscribeOptions, Subscription } from './bus';

/**
 * A bus whose subjects, streams and durable consumers all carry a prefix, so several Parley
 * deployments (or test runs) can share one NATS without seeing each other's events:
 * `users.user.created` travels as `<ns>_users.user.created`, in stream `<NS>_USERS`.
 * Handlers see the subjects without the prefix.
 */
export const NAMESPACE_PATTERN = /^[A-Za-z0-9]+$/;

/**
 * The prefix of the Redis keys of the deployment in `namespace` (event queues, presence,
 * browser sessions, rate-limit counts): `parley:<ns>:`, or `parley:default:` without one.
 */
export const redisKeyPrefix = (namespace: string | undefined): string => `parley:${namespace ?? 'default'}:`;

export class NamespacedBus implements Bus {
  private readonly prefix: string;

  constructor(
    private readonly inner: Bus,
    namespace: string,
  ) {
    if (!NAMESPACE_PATTERN.test(namespace)) throw new Error(`bus namespace must be letters and digits, got '${namespace}'`);
    this.prefix = `${namespace}_`;
  }

  publish(subject: string, data: unknown, id: string, headers?: Record<string, string>): Promise<void> {
    return this.inner.publish(this.prefix + subject, data, id, headers);
  }

  subscribe(opts: SubscribeOptions): Promise<Subscription> {
    const handler: BusHandler = (msg) => opts.handler({ ...msg, subject: msg.subject.slice(this.prefix.length) });
    return this.inner.subscribe({
      subject: this.prefix + opts.subject,
      durable: opts.durable === undefined ? undefined : this.prefix + opts.durable,
      ordered: opts.ordered,
      handler,
    });
  }

  ensureStream(prefix: string): Promise<void> {
    return this.inner.ensureStream(this.prefix + prefix);
  }

  onReconnect(listener: () => void): () => void {
    return this.inner.onReconnect?.(listener) ?? (() => undefined);
  }

  onDisconnect(listener: () => void): () => void {
    return this.inner.onDisconnect?.(listener) ?? (() => undefined);
  }

  sync(): Promise<void> {
    return this.inner.sync();
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
