import type { Migration } from 'kysely';
import * as foundation from './0001_foundation';
import * as payments from './0002_payments';
import * as limits from './0003_limits';
import * as promotions from './0004_promotions';
import * as registration from './0005_registration';
import * as content from './0007_content';
import * as games from './0008_games';
import * as paymentsHardening from './0009_payments_hardening';
import * as security from './0010_security';
import * as gamstop from './0011_gamstop';
import * as twoStep from './0012_two_step';
import * as signInHistory from './0013_sign_in_history';
import * as shippedDocuments from './0014_shipped_documents';
import * as reconciliation from './0018_reconciliation';
import * as freeBets from './0020_free_bets';
import * as p2pWallet from './0021_p2p_wallet';
import * as betMaxReturn from './0022_bet_max_return';
import * as limitQuestionRealityChecks from './0023_limit_question_reality_checks';
import * as harmMarkers from './0024_harm_markers';
import * as walletDeposits from './0025_wallet_deposits';
import * as p2pEventName from './0026_p2p_event_name';

/** In order. Add a module's migration here, never edit one that has shipped. */
export const migrations: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0002_payments': payments,
  '0003_limits': limits,
  '0004_promotions': promotions,
  '0005_registration': registration,
  '0007_content': content,
  '0008_games': games,
  '0009_payments_hardening': paymentsHardening,
  '0010_security': security,
  '0011_gamstop': gamstop,
  '0012_two_step': twoStep,
  '0013_sign_in_history': signInHistory,
  '0014_shipped_documents': shippedDocuments,
  '0018_reconciliation': reconciliation,
  '0020_free_bets': freeBets,
  '0021_p2p_wallet': p2pWallet,
  '0022_bet_max_return': betMaxReturn,
  '0023_limit_question_reality_checks': limitQuestionRealityChecks,
  '0024_harm_markers': harmMarkers,
  '0025_wallet_deposits': walletDeposits,
  '0026_p2p_event_name': p2pEventName,
};
