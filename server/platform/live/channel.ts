import { randomUUID } from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { z } from 'zod';
import { POSTGRES_NOTIFY_MAX_BYTES, type Broker, type BrokerLog } from './broker';

/** What travels on the broker: the sending instance, and the message (as JSON, or deflated when large). */
const envelope = z.union([
  z.strictObject({ o: z.string().max(64), m: z.unknown() }),
  z.strictObject({ o: z.string().max(64), z: z.string() }),
]);

/**
 * One typed channel over a broker, shared by the PAM's live balances and the sportsbook's pushes. A message is
 * delivered to this instance's listeners at once (its own sockets never wait on the broker, nor miss a message while
 * it is away), then published for the other instances, which drop their own echo. Whatever arrives is checked
 * against the schema: a malformed message is dropped and logged, never thrown into the instance.
 */
export class BrokerChannel<T> {
  private readonly listeners = new Set<(message: T, local: boolean) => void>();
  private readonly instance = randomUUID();
  private dropped = 0;

  constructor(
    private readonly broker: Broker,
    private readonly name: string,
    private readonly schema: z.ZodType<T>,
    private readonly log: BrokerLog,
  ) {}

  async open(): Promise<void> {
    await this.broker.subscribe(this.name, (text) => this.receive(text));
  }

  get up(): boolean {
    return this.broker.up;
  }

  onHealth(listener: (up: boolean) => void): void {
    this.broker.onHealth(listener);
  }

  subscribe(listener: (message: T, local: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Delivers here, then to the other instances unless `broadcast` is false. Answers whether the broker took it
   * (false: it is away; the others then catch up by polling).
   */
  async publish(message: T, broadcast = true): Promise<boolean> {
    this.deliver(message, true);
    if (!broadcast) return true;
    const text = this.encode(message);
    if (text === undefined) return false;
    try {
      await this.broker.publish(this.name, text);
      return true;
    } catch (error) {
      this.log('publishing on the broker failed', { channel: this.name, error });
      return false;
    }
  }

  /** Messages dropped as malformed since start. */
  get droppedCount(): number {
    return this.dropped;
  }

  private encode(message: T): string | undefined {
    const json = JSON.stringify({ o: this.instance, m: message });
    if (this.broker.kind !== 'postgres' || Buffer.byteLength(json) <= POSTGRES_NOTIFY_MAX_BYTES) return json;
    const packed = JSON.stringify({ o: this.instance, z: deflateRawSync(JSON.stringify(message)).toString('base64') });
    if (Buffer.byteLength(packed) <= POSTGRES_NOTIFY_MAX_BYTES) return packed;
    this.log('a message too large for NOTIFY was not broadcast', {
      channel: this.name,
      bytes: Buffer.byteLength(json),
    });
    return undefined;
  }

  private receive(text: string): void {
    let parsed: z.infer<typeof envelope>;
    let message: T;
    try {
      parsed = envelope.parse(JSON.parse(text));
      if (parsed.o === this.instance) return;
      const body: unknown =
        'z' in parsed ? JSON.parse(inflateRawSync(Buffer.from(parsed.z, 'base64')).toString()) : parsed.m;
      message = this.schema.parse(body);
    } catch (error) {
      this.dropped++;
      this.log('dropped a malformed broker message', {
        channel: this.name,
        sample: text.slice(0, 200),
        error: error instanceof Error ? error.message.slice(0, 300) : String(error),
      });
      return;
    }
    this.deliver(message, false);
  }

  private deliver(message: T, local: boolean): void {
    for (const listener of this.listeners) {
      try {
        listener(message, local);
      } catch (error) {
        this.log('a live message listener failed', { channel: this.name, error });
      }
    }
  }
}
