import { useEffect } from 'react';
import { useSportsbook } from '../app/context';
import { useWatch } from '../stores/Observable';
import { OddsButton } from '../ui/OddsButton';
import { Trophy } from '../ui/icons';

/** A league's outright, "To win the <league>", and its table; prices move as the server re-prices them. */
export function Outrights({ competitionId }: { competitionId: string }) {
  const { catalog } = useSportsbook();
  useWatch(catalog);
  useEffect(() => {
    void catalog.loadOutright(competitionId);
  }, [catalog, competitionId]);

  const outright = catalog.outrights.get(competitionId);
  const state = catalog.outrightState.get(competitionId);
  if (!outright) {
    if (state === 'error')
      return (
        <div className="empty-state" role="alert">
          <p>We could not load the outright prices. Check your connection and try again.</p>
          <button type="button" className="btn btn--secondary" onClick={() => void catalog.loadOutright(competitionId)}>
            Try again
          </button>
        </div>
      );
    return <div className="skeleton skeleton--card" aria-busy="true" aria-label="Loading the outright prices" />;
  }

  const { market, table } = outright;
  const settledWords = outright.winners ? `Settled: ${outright.winners.join(', ')}${outright.winners.length > 1 ? ' (dead heat)' : ''}.` : null;
  return (
    <>
      <section className="panel" aria-labelledby="outright-title">
        <h2 id="outright-title" className="panel__title">
          <Trophy size={16} /> {market.name}
        </h2>
        <p className="outright__note">
          {outright.seasonName}: {outright.fixturesPlayed} of {outright.fixturesTotal} matches played.{' '}
          {settledWords ?? (market.status === 'open' ? 'Dead heats: the stake is divided by the number of clubs tied.' : 'Not available right now.')}
        </p>
        <ul className="outright-list" aria-label={market.name}>
          {market.selections.map((selection) => (
            <li key={selection.id} className="outright-list__row">
              <span className="outright-list__name">{selection.name}</span>
              <OddsButton live={catalog.findOutrightSelection(selection.id)} />
            </li>
          ))}
        </ul>
      </section>
      <section className="panel" aria-labelledby="table-title">
        <h2 id="table-title" className="panel__title">
          League table
        </h2>
        <div className="league-table__scroll">
          <table className="league-table">
            <caption className="visually-hidden">{`${outright.competitionName} table: played, won, drawn, lost, goal difference and points`}</caption>
            <thead>
              <tr>
                <th scope="col">
                  <abbr title="Position">#</abbr>
                </th>
                <th scope="col" className="league-table__club">
                  Club
                </th>
                <th scope="col">
                  <abbr title="Played">P</abbr>
                </th>
                <th scope="col">
                  <abbr title="Won">W</abbr>
                </th>
                <th scope="col">
                  <abbr title="Drawn">D</abbr>
                </th>
                <th scope="col">
                  <abbr title="Lost">L</abbr>
                </th>
                <th scope="col">
                  <abbr title="Goal difference">GD</abbr>
                </th>
                <th scope="col">
                  <abbr title="Points">Pts</abbr>
                </th>
              </tr>
            </thead>
            <tbody>
              {table.map((line, index) => (
                <tr key={line.teamId}>
                  <td>{index + 1}</td>
                  <th scope="row" className="league-table__club">
                    {line.name}
                  </th>
                  <td>{line.played}</td>
                  <td>{line.won}</td>
                  <td>{line.drawn}</td>
                  <td>{line.lost}</td>
                  <td>{line.goalsFor - line.goalsAgainst > 0 ? `+${line.goalsFor - line.goalsAgainst}` : line.goalsFor - line.goalsAgainst}</td>
                  <td>{line.points}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </>
  );
}
