import type { Kysely } from 'kysely';
import type { UsersTables } from '../modules/users/tables';
import type { AuthTables } from '../modules/auth/tables';
import type { WalletTables } from '../modules/wallet/tables';
import type { PaymentsTables } from '../modules/payments/tables';
import type { IdempotencyTables } from '../modules/idempotency/tables';
import type { LimitsTables } from '../modules/limits/tables';
import type { PromotionsTables } from '../modules/promotions/tables';
import type { ContentTables } from '../modules/content/tables';
import type { VerificationTables } from '../modules/verification/tables';
import type { GamesTables } from '../modules/games/tables';
import type { GamstopTables } from '../modules/gamstop/tables';
import type { FreeBetsTables } from '../modules/free-bets/tables';
import type { P2pWalletTables } from '../modules/p2p-wallet/tables';
import type { RealityCheckTables } from '../modules/reality-checks/tables';
import type { HarmTables } from '../modules/harm/tables';

/** Every table, composed from the modules that own them. */
export interface Database
  extends
    UsersTables,
    AuthTables,
    WalletTables,
    PaymentsTables,
    IdempotencyTables,
    LimitsTables,
    PromotionsTables,
    ContentTables,
    VerificationTables,
    GamesTables,
    GamstopTables,
    FreeBetsTables,
    P2pWalletTables,
    RealityCheckTables,
    HarmTables {}

export type Db = Kysely<Database>;
