import type { Migration } from 'kysely';
import * as foundation from './0001_foundation';

/** In order. Add a module's migration here, never edit one that has shipped. */
export const migrations: Record<string, Migration> = {
  '0001_foundation': foundation,
};
