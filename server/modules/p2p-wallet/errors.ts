import { AppError } from '../../platform/errors';
import {
  P2P_WALLET_ERROR_MESSAGES,
  P2P_WALLET_ERROR_STATUS,
  type P2pWalletErrorCode,
} from '../../../src/contract/p2p-wallet';

/** A refusal of the exchange's wallet door: `{message, code}` with the status the contract gives the code. */
export const p2pWalletError = (code: P2pWalletErrorCode) =>
  new AppError(P2P_WALLET_ERROR_STATUS[code], P2P_WALLET_ERROR_MESSAGES[code], code);
