import type { Migration } from 'kysely';
import * as catalogue from './0001_catalogue';
import * as bets from './0002_bets';
import * as goalTimes from './0003_goal_times_and_half_results';
import * as betBuilder from './0004_bet_builder';
import * as inPlayDelay from './0005_inplay_delay';
import * as systemBets from './0006_system_bets';
import * as cashOut from './0007_cash_out';
import * as freeBets from './0008_free_bets';
import * as outrights from './0009_outrights';

/** The sportsbook's migrations, in order, in their own table in schema `sportsbook`. Append; never edit one that has shipped. */
export const sportsbookMigrations: Record<string, Migration> = {
  '0001_catalogue': catalogue,
  '0002_bets': bets,
  '0003_goal_times_and_half_results': goalTimes,
  '0004_bet_builder': betBuilder,
  '0005_inplay_delay': inPlayDelay,
  '0006_system_bets': systemBets,
  '0007_cash_out': cashOut,
  '0008_free_bets': freeBets,
  '0009_outrights': outrights,
};
