import { z } from 'zod';

/** The fields of a money call that both wallet doors into the PAM take alike (games.ts, p2p-wallet.ts). */

/** The most one call moves, in pence. */
export const WALLET_MAX_AMOUNT = 1_000_000_000_000;

/** Users' ids are PostgreSQL integers. */
export const walletPlayerId = z
  .number({ error: 'Invalid playerId' })
  .int('Invalid playerId')
  .min(1, 'Invalid playerId')
  .max(2_147_483_647, 'Invalid playerId');

/** Integer pence: at least 1, or at least 0 where paying nothing is an answer too (a lost bet's credit). */
export const walletAmount = (min: 0 | 1) =>
  z
    .number({ error: 'Amount must be a number' })
    .int('Amount must be whole pence')
    .min(min, min === 1 ? 'Amount must be positive' : 'Amount must not be negative')
    .max(WALLET_MAX_AMOUNT, 'Amount is too large');
