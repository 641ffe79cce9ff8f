import { Observable } from '../../ui/frame/Observable';
import type { FreeBetToken } from '../../contract/games';

/**
 * The customer's free-bet tokens (the PAM's, listed through GET /api/free-bets) and which single on the slip each
 * one stakes. A token stakes one single; once used (or expired) it drops out on the next load, and so does its choice.
 */
export class FreeBetsStore extends Observable {
  tokens: FreeBetToken[] = [];
  /** The list has been fetched (or failed to be) since the last reset: a choice missing from it is really gone. */
  loaded = false;
  private readonly chosen = new Map<string, string>();
  private loading: Promise<void> | null = null;
  /** Counts resets, so a list asked for before one (another customer's, or a session since ended) is dropped. */
  private generation = 0;

  constructor(private readonly fetchTokens: () => Promise<FreeBetToken[]>) {
    super();
  }

  async load(): Promise<void> {
    const generation = this.generation;
    let tokens: FreeBetToken[];
    try {
      tokens = await this.fetchTokens();
    } catch {
      // Without the list the slip simply offers no free bet; the next load tries again.
      tokens = [];
    }
    if (generation !== this.generation) return;
    this.tokens = tokens;
    this.loaded = true;
    const known = new Set(this.tokens.map((token) => token.freeBetId));
    for (const [selectionId, freeBetId] of this.chosen) if (!known.has(freeBetId)) this.chosen.delete(selectionId);
    this.changed();
  }

  /** The first time a signed-in slip shows a single: ask once per session (reset() forgets). */
  loadOnce(): void {
    this.loading ??= this.load();
  }

  reset(): void {
    this.generation += 1;
    this.loading = null;
    this.tokens = [];
    this.loaded = false;
    this.chosen.clear();
    this.changed();
  }

  /** The token staking this single, if one does. */
  tokenFor = (selectionId: string): FreeBetToken | undefined => {
    const freeBetId = this.chosen.get(selectionId);
    return freeBetId === undefined ? undefined : this.tokens.find((token) => token.freeBetId === freeBetId);
  };

  /** Tokens this single may take: its own choice and those no other single has taken. */
  offeredTo(selectionId: string): FreeBetToken[] {
    const taken = new Set([...this.chosen].filter(([id]) => id !== selectionId).map(([, freeBetId]) => freeBetId));
    return this.tokens.filter((token) => !taken.has(token.freeBetId));
  }

  choose(selectionId: string, freeBetId: string | null): void {
    if (freeBetId === null) this.chosen.delete(selectionId);
    else this.chosen.set(selectionId, freeBetId);
    this.changed();
  }
}
