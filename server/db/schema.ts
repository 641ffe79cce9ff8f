import type { UsersTables } from '../modules/users/tables';
import type { AuthTables } from '../modules/auth/tables';
import type { WalletTables } from '../modules/wallet/tables';

/** Every table, composed from the modules that own them. */
export interface Database extends UsersTables, AuthTables, WalletTables {}
