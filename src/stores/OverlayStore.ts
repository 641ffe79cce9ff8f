import { makeAutoObservable, observableRef } from 'mobx';
import type { OverlayCatalog, OverlayCategory, OverlayDefinition } from '../overlays/types';

export interface OpenOverlay {
  id: number;
  definition: OverlayDefinition;
  data?: unknown;
}

/** The open drawers and modals: one drawer at a time, with modals stacked over it. */
export class OverlayStore {
  stack: OpenOverlay[] = [];
  /** The address an iframeRedirect overlay keeps. */
  redirectUrl: string | null = null;
  /** The page header is switched off while a time out or self-exclusion request runs. */
  headerLocked = false;
  private nextId = 1;

  constructor(private readonly catalog: OverlayCatalog) {
    // The stack is replaced on every change, never edited in place, and its entries hold the registry's own definitions:
    // made deeply observable, MobX would wrap each screen component in an action and lose what it carries (reload).
    makeAutoObservable<OverlayStore, 'nextId' | 'catalog'>(this, {
      nextId: false,
      catalog: false,
      stack: observableRef,
    });
  }

  /** Throws for a name or kind the registry does not know. */
  open(name: string, data?: unknown): void {
    const definition = this.catalog.find(name);
    if (definition.kind === 'iframeRedirect') {
      this.redirectUrl = typeof data === 'string' ? data : null;
      this.stack = [];
      return;
    }
    const entry: OpenOverlay = { id: this.nextId++, definition, data };
    if (definition.kind === 'drawer') this.stack = [entry];
    else this.stack = [...this.stack, entry];
  }

  /** The drawers of a category, in registry order, for the menus that list them. */
  inCategory(category: OverlayCategory): OverlayDefinition[] {
    return this.catalog.inCategory(category);
  }

  get top(): OpenOverlay | undefined {
    return this.stack[this.stack.length - 1];
  }

  isOpen(name: string): boolean {
    return this.stack.some((entry) => entry.definition.name === name);
  }

  close(id?: number): void {
    if (id === undefined) this.stack = this.stack.slice(0, -1);
    else this.stack = this.stack.filter((entry) => entry.id !== id);
  }

  /** The back arrow: opens the drawer's back target, or closes it when it has none. */
  back(id: number): void {
    const entry = this.stack.find((candidate) => candidate.id === id);
    if (entry?.definition.back) this.open(entry.definition.back);
    else this.close(id);
  }

  setHeaderLocked(locked: boolean): void {
    this.headerLocked = locked;
  }

  /** Closes the overlays of this name only: a sign-in that finishes late must not close what was opened meanwhile. */
  closeNamed(name: string): void {
    this.stack = this.stack.filter((entry) => entry.definition.name !== name);
  }

  closeAll(): void {
    this.stack = [];
  }
}
