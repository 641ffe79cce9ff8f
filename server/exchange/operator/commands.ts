import { badRequest, notFound } from '../../platform/errors';
import { CommandRegistry, requireArgs } from '../../platform/operator/command';
import { marketOutcome } from '../markets';
import type { LiveMarket } from '../orders/live-market';
import type { ExchangeServices } from '../services';
import { ExchangeReconciler } from './reconciliation';

function marketOf(services: ExchangeServices, marketId: string | undefined): LiveMarket {
  const market = marketId ? services.markets.get(marketId) : undefined;
  if (!market) throw notFound(`Unknown market ${marketId ?? ''}`);
  return market;
}

function parseFinalScore(text: string | undefined): { home: number; away: number } {
  const match = /^(\d{1,2})-(\d{1,2})$/.exec(text?.trim() ?? '');
  if (!match) throw badRequest(`Not a score: ${text ?? ''} (write it like 2-1)`);
  return { home: Number(match[1]), away: Number(match[2]) };
}

/** The exchange's operator commands, run in its own process (its books live in memory) over its own socket. */
export const exchangeCommands = new CommandRegistry<ExchangeServices>([
  {
    name: 'ex-book',
    usage: 'ex-book <marketId>',
    async run(services, args) {
      const [marketId] = requireArgs(args, 1, this.usage);
      const market = marketOf(services, marketId);
      return {
        market: market.view(market.definition.eventId),
        orders: market.book.orders(),
        positions: market.customers().map((playerId) => ({
          playerId,
          held: market.held.get(playerId) ?? 0,
          worstCase: market.exposure(playerId).held,
        })),
      };
    },
  },
  {
    name: 'ex-suspend',
    usage: 'ex-suspend <marketId>',
    async run(services, args) {
      const [marketId] = requireArgs(args, 1, this.usage);
      await services.orders.setStatus(marketOf(services, marketId), 'suspended');
      return { marketId, status: 'suspended' };
    },
  },
  {
    name: 'ex-reopen',
    usage: 'ex-reopen <marketId>',
    async run(services, args) {
      const [marketId] = requireArgs(args, 1, this.usage);
      await services.orders.setStatus(marketOf(services, marketId), 'open');
      return { marketId, status: 'open' };
    },
  },
  {
    name: 'ex-void',
    usage: 'ex-void <marketId>',
    async run(services, args) {
      const [marketId] = requireArgs(args, 1, this.usage);
      await services.orders.settle(marketOf(services, marketId), { kind: 'void' });
      return { marketId, status: 'settled', outcome: 'void' };
    },
  },
  {
    name: 'ex-settle',
    usage: 'ex-settle <marketId> <home-away final score>',
    async run(services, args) {
      const [marketId, score] = requireArgs(args, 2, this.usage);
      const market = marketOf(services, marketId);
      const outcome = marketOutcome(market.definition, parseFinalScore(score));
      await services.orders.settle(market, outcome);
      return { marketId, status: 'settled', outcome };
    },
  },
  {
    name: 'ex-reconcile',
    usage: 'ex-reconcile [marketId]',
    async run(services, args) {
      if (args.length > 1) throw badRequest(`Usage: ${this.usage}`);
      const { db, markets, wallet, config, clock } = services;
      const reconciler = new ExchangeReconciler(db, markets, wallet, config.commissionBp, () => clock.now());
      return reconciler.run({ marketId: args[0] });
    },
  },
]);
