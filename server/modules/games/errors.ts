import { AppError } from '../../platform/errors';
import { WALLET_ERROR_MESSAGES, WALLET_ERROR_STATUS, type WalletErrorCode } from '../../../src/contract/games';

/** A refusal of the wallet API: `{message, code}` with the status the contract gives the code. */
export const walletError = (code: WalletErrorCode) =>
  new AppError(WALLET_ERROR_STATUS[code], WALLET_ERROR_MESSAGES[code], code);
