import { badRequest } from '../../platform/errors';
import { requireArgs } from '../../platform/operator/command';
import type { OutrightView } from '../../../src/contract/sportsbook-rules';
import type { SportsbookOperatorCommand } from '../operator/command';
import type { SportsbookServices } from '../services';

const summary = (view: OutrightView) => ({
  competitionId: view.competitionId,
  seasonId: view.seasonId,
  season: view.seasonName,
  marketId: view.market.id,
  status: view.market.status,
  played: `${view.fixturesPlayed}/${view.fixturesTotal}`,
  leader: view.table[0] ? `${view.table[0].name} ${view.table[0].points} pts` : null,
  prices: view.market.selections
    .slice(0, 5)
    .map((selection) => `${selection.name} ${selection.price ? `${selection.price.num}/${selection.price.den}` : '-'}`),
  winners: view.winners,
});

/** Clubs named by id ('eng-premier.castlebridge-rovers') or by name, any case, in the league of that season. */
function clubIds(services: SportsbookServices, seasonOrCompetitionId: string, names: string[]): string[] {
  const view =
    services.outrights.view(seasonOrCompetitionId) ??
    services.outrights.views().find((candidate) => candidate.seasonId === seasonOrCompetitionId);
  if (!view) return names;
  return names.map((name) => {
    const line = view.table.find(
      (candidate) => candidate.teamId === name || candidate.name.toLowerCase() === name.toLowerCase(),
    );
    if (!line) throw badRequest(`${name} is not a club of the ${view.competitionName}`);
    return line.teamId;
  });
}

/** The operator's outrights: list them, settle one with its winner(s) (several: a dead heat), void one. */
export const outrightCommands: SportsbookOperatorCommand[] = [
  {
    name: 'sb-outrights',
    usage: 'sb-outrights',
    async run(services) {
      return services.outrights.views().map(summary);
    },
  },
  {
    name: 'sb-settle-outright',
    usage: 'sb-settle-outright <competitionId|seasonId> <club> [club...] (several clubs: a dead heat)',
    async run(services, args) {
      const [season, ...winners] = requireArgs(args, 2, this.usage);
      const view = await services.outrights.settle(season!, clubIds(services, season!, winners));
      await services.outbox.drainDue();
      return summary(view);
    },
  },
  {
    name: 'sb-void-outright',
    usage: 'sb-void-outright <competitionId|seasonId>',
    async run(services, args) {
      const [season] = requireArgs(args, 1, this.usage);
      const view = await services.outrights.void(season!);
      await services.outbox.drainDue();
      return summary(view);
    },
  },
];
