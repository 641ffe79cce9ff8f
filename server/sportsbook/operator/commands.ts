import { badRequest, notFound } from '../../platform/errors';
import { CommandRegistry, requireArgs } from '../../platform/operator/command';
import type { Score } from '../../../src/contract/sportsbook-rules';
import { betIdParam } from '../../../src/contract/sportsbook';
import type { GoalTime } from '../pricing/types';
import type { SportsbookServices } from '../services';
import { recordGoal } from '../feed/manual-goal';
import { reconcileCommand } from '../reconciliation/command';
import { nudgeCommand } from './price-nudge';
import { outrightCommands } from '../outrights/commands';

function parseScore(text: string): Score {
  const match = /^(\d{1,2})-(\d{1,2})$/.exec(text.trim());
  if (!match) throw badRequest(`Not a score: ${text} (write it like 2-1)`);
  return { home: Number(match[1]), away: Number(match[2]) };
}

/**
 * `--goals H12,A67,H45+2`: each goal's side (H or A) and match minute in the order scored; stoppage time counts as
 * the 45th or 90th minute ("Goals scored in first-half stoppage time count as scored in the 45th minute").
 */
function parseGoalTimes(text: string): GoalTime[] {
  if (text.trim() === '') return [];
  const goals = text.split(',').map((part) => {
    const match = /^([HA])(\d{1,2})(?:\+(\d{1,2}))?$/i.exec(part.trim());
    const minute = match ? Number(match[2]) : NaN;
    if (!match || minute < 1 || minute > 90 || (match[3] !== undefined && minute !== 45 && minute !== 90)) {
      throw badRequest(`Not a goal: ${part} (write each like H12 or A45+2: H home, A away, then the minute, 1 to 90)`);
    }
    return { side: match[1]!.toUpperCase() === 'H' ? ('home' as const) : ('away' as const), minute };
  });
  if (goals.some((goal, at) => at > 0 && goal.minute < goals[at - 1]!.minute))
    throw badRequest('List the goals in the order they were scored');
  return goals;
}

/** Splits `--goals <list>` (or `--goals=<list>`) from the positional arguments. */
function takeGoalsOption(args: string[]): { rest: string[]; goals: GoalTime[] | null } {
  const at = args.findIndex((arg) => arg === '--goals' || arg.startsWith('--goals='));
  if (at < 0) return { rest: args, goals: null };
  const inline = args[at]!.startsWith('--goals=');
  const value = inline ? args[at]!.slice('--goals='.length) : args[at + 1];
  if (value === undefined)
    throw badRequest('Give the goals after --goals, like --goals H12,A67,H80 (or --goals= for none)');
  return { rest: [...args.slice(0, at), ...args.slice(at + (inline ? 1 : 2))], goals: parseGoalTimes(value) };
}

function checkGoalsAgainstScores(goals: GoalTime[], fullTime: Score, halfTime: Score): void {
  const count = (side: 'home' | 'away', through: number) =>
    goals.filter((goal) => goal.side === side && goal.minute <= through).length;
  if (count('home', 90) !== fullTime.home || count('away', 90) !== fullTime.away) {
    throw badRequest(
      `The goals (${count('home', 90)}-${count('away', 90)}) do not add up to the full-time score ${fullTime.home}-${fullTime.away}`,
    );
  }
  if (count('home', 45) !== halfTime.home || count('away', 45) !== halfTime.away) {
    throw badRequest(
      `The goals by the 45th minute (${count('home', 45)}-${count('away', 45)}) do not add up to the half-time score ${halfTime.home}-${halfTime.away}`,
    );
  }
}

const eventOf = (services: SportsbookServices, eventId: string) => {
  const event = services.catalogue.eventDetail(eventId);
  if (!event) throw notFound(`No event ${eventId}`);
  return event;
};

/** The sportsbook's operator commands, by name: its socket's registry. */
export const sportsbookCommands = new CommandRegistry<SportsbookServices>([
  reconcileCommand,
  ...outrightCommands,
  {
    name: 'sb-markets',
    usage: 'sb-markets <eventId>',
    async run(services, args) {
      const [eventId] = requireArgs(args, 1, this.usage);
      const event = eventOf(services, eventId!);
      return {
        event: `${event.home} v ${event.away}`,
        status: event.status,
        score: event.score,
        markets: event.markets.map((market) => ({
          id: market.id,
          name: market.name,
          status: market.status,
          selections: market.selections.map(
            (s) => `${s.name} ${s.price ? `${s.price.num}/${s.price.den}` : '-'} (${s.status})`,
          ),
        })),
      };
    },
  },
  {
    name: 'sb-open-bets',
    usage: 'sb-open-bets [eventId]',
    async run(services, args) {
      const bets = await services.bets.openBets(args[0]);
      return bets.map((bet) => ({
        betId: bet.betId,
        status: bet.status,
        stake: bet.stake,
        potentialReturns: bet.potentialReturns,
        legs: bet.legs.map(
          (leg) =>
            `${leg.eventName}: ${leg.marketName} - ${leg.selectionName} @ ${leg.price.num}/${leg.price.den} (${leg.result})`,
        ),
      }));
    },
  },
  {
    name: 'sb-settle',
    usage: 'sb-settle <eventId> <full-time score, e.g. 2-1> [half-time score] [--goals H12,A67,H80]',
    async run(services, args) {
      const { rest, goals } = takeGoalsOption(args);
      const [eventId, fullTimeText, halfTimeText] = requireArgs(rest, 2, this.usage);
      const event = eventOf(services, eventId!);
      const fullTime = parseScore(fullTimeText!);
      const halfTime = halfTimeText
        ? parseScore(halfTimeText)
        : (event.halfTimeScore ?? (fullTime.home + fullTime.away === 0 ? { home: 0, away: 0 } : undefined));
      if (!halfTime)
        throw badRequest('This match has no half-time score yet: give it too (sb-settle <eventId> 2-1 1-0)');
      if (halfTime.home > fullTime.home || halfTime.away > fullTime.away)
        throw badRequest('The half-time score cannot be above the full-time score');
      if (goals) checkGoalsAgainstScores(goals, fullTime, halfTime);
      // Without goal times the first goal's markets (first team to score, time of first goal) settle void.
      await services.catalogue.resultEvent(eventId!, { fullTime, halfTime, goals });
      await services.outbox.drainDue();
      return { eventId, fullTime, halfTime, goals: goals ?? 'not given: first-goal markets void' };
    },
  },
  {
    name: 'sb-goal',
    usage: 'sb-goal <eventId> <home|away>',
    async run(services, args) {
      const [eventId, side] = requireArgs(args, 2, this.usage);
      if (side !== 'home' && side !== 'away') throw badRequest(`Not a side: ${side} (home or away)`);
      eventOf(services, eventId!);
      let scored = false;
      const record = await services.catalogue.advance(eventId!, (current) => {
        const next = recordGoal(current, side, services.clock.now(), services.config.goalSuspensionMs);
        scored = next !== undefined;
        return next;
      });
      if (!scored) throw badRequest('Goals can be recorded only while the match is being played');
      await services.outrights.goalScored(eventId!);
      return { eventId, score: record!.score, suspendedUntil: record!.suspendedUntil };
    },
  },
  {
    name: 'sb-void-market',
    usage: 'sb-void-market <marketId>',
    async run(services, args) {
      const [marketId] = requireArgs(args, 1, this.usage);
      await services.catalogue.voidMarket(marketId!);
      return { marketId, status: 'void' };
    },
  },
  {
    name: 'sb-void-bet',
    usage: 'sb-void-bet <betId>',
    async run(services, args) {
      const [betId] = requireArgs(args, 1, this.usage);
      const parsed = betIdParam.safeParse(betId);
      if (!parsed.success) throw badRequest(`Not a bet id: ${betId}`);
      return services.bets.voidBet(parsed.data);
    },
  },
  {
    name: 'sb-abandon',
    usage: 'sb-abandon <eventId>',
    async run(services, args) {
      const [eventId] = requireArgs(args, 1, this.usage);
      eventOf(services, eventId!);
      await services.catalogue.abandonEvent(eventId!);
      return { eventId, status: 'abandoned' };
    },
  },
  {
    name: 'sb-suspend',
    usage: 'sb-suspend <marketId>',
    async run(services, args) {
      const [marketId] = requireArgs(args, 1, this.usage);
      await services.catalogue.suspendMarket(marketId!);
      return { marketId, status: 'suspended' };
    },
  },
  nudgeCommand,
  {
    name: 'sb-reopen',
    usage: 'sb-reopen <marketId>',
    async run(services, args) {
      const [marketId] = requireArgs(args, 1, this.usage);
      await services.catalogue.reopenMarket(marketId!);
      return { marketId, status: 'open' };
    },
  },
]);
