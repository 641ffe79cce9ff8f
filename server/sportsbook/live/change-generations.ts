import type { EventUpdate } from './bus';
import { PendingChanges } from './pending-changes';

/**
 * The changes a push round is carrying, by generation: what arrived between two slices of the round is sealed as the
 * next generation, so the sockets the round has not reached yet get it in this round instead of the next. A socket
 * remembers the last generation it got and is sent every change after it, encoded once per starting generation.
 */
export class ChangeGenerations {
  private sealed: Array<{ generation: number; changes: Map<string, EventUpdate[]> }> = [];
  private open = new Map<string, EventUpdate[]>();
  private latest = 0;
  private readonly since = new Map<number, PendingChanges>();

  /** The last generation sealed. */
  get current(): number {
    return this.latest;
  }

  /** Whether changes wait to be sealed. */
  get waiting(): boolean {
    return this.open.size > 0;
  }

  add(update: EventUpdate): void {
    const queued = this.open.get(update.eventId);
    if (queued) queued.push(update);
    else this.open.set(update.eventId, [update]);
  }

  /** Makes what arrived since the last seal the next generation. */
  seal(): void {
    if (this.open.size === 0) return;
    this.sealed.push({ generation: ++this.latest, changes: this.open });
    this.open = new Map();
    this.since.clear();
  }

  /** Every change sealed after generation `from`, in seq order per event; undefined when there is none. */
  after(from: number): PendingChanges | undefined {
    if (from >= this.latest) return undefined;
    let changes = this.since.get(from);
    if (!changes) {
      const merged = new Map<string, EventUpdate[]>();
      for (const { generation, changes: each } of this.sealed) {
        if (generation <= from) continue;
        for (const [eventId, updates] of each) {
          const queued = merged.get(eventId);
          if (queued) queued.push(...updates);
          else merged.set(eventId, [...updates]);
        }
      }
      this.since.set(from, (changes = new PendingChanges(merged)));
    }
    return changes;
  }

  /** Drops the generations up to `generation`: every socket has them. */
  forget(generation: number): void {
    this.sealed = this.sealed.filter((each) => each.generation > generation);
    for (const from of this.since.keys()) if (from < generation) this.since.delete(from);
  }
}
