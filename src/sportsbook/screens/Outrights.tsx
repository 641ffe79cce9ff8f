import { useEffect } from 'react';
import { useOutrights } from '../app/context';
import { useWatch } from '../../ui/frame/Observable';
import { OddsButton } from '../ui/OddsButton';
import { Trophy } from '../ui/icons';
import './Outrights.css';
import { LoadingPlaceholder } from '../ui/LoadingPlaceholder';

/** The league table's headings: the short form shown, the word a screen reader says. */
const TABLE_COLUMNS: Array<[short: string, title: string]> = [
  ['#', 'Position'],
  ['Club', 'Club'],
  ['P', 'Played'],
  ['W', 'Won'],
  ['D', 'Drawn'],
  ['L', 'Lost'],
  ['GD', 'Goal difference'],
  ['Pts', 'Points'],
];

/** A league's outright, "To win the <league>", and its table; prices move as the server re-prices them. */
export function Outrights({ competitionId }: { competitionId: string }) {
  // Its code not there (offline): thrown to the tab's LoadBoundary, which says so with Try again.
  const outrights = useOutrights();
  useWatch(outrights);
  useEffect(() => {
    void outrights.load(competitionId);
  }, [outrights, competitionId]);

  const outright = outrights.outrights.get(competitionId);
  const state = outrights.state.get(competitionId);
  if (!outright) {
    if (state === 'error')
      return (
        <div className="empty-state" role="alert">
          <p>We could not load the outright prices. Check your connection and try again.</p>
          <button type="button" className="btn btn--secondary" onClick={() => void outrights.load(competitionId)}>
            Try again
          </button>
        </div>
      );
    return <LoadingPlaceholder label="Loading the outright prices" />;
  }

  const { market, table } = outright;
  const settledWords = outright.winners
    ? `Settled: ${outright.winners.join(', ')}${outright.winners.length > 1 ? ' (dead heat)' : ''}.`
    : null;
  return (
    <>
      <section className="panel" aria-labelledby="outright-title">
        <h2 id="outright-title" className="panel__title">
          <Trophy size={16} /> {market.name}
        </h2>
        <p className="outright__note">
          {outright.seasonName}: {outright.fixturesPlayed} of {outright.fixturesTotal} matches played.{' '}
          {settledWords ??
            (market.status === 'open'
              ? 'Dead heats: the stake is divided by the number of clubs tied.'
              : market.status === 'suspended'
                ? "Suspended: a goal in one of the league's matches. The prices are back once updated."
                : 'Not available right now.')}
        </p>
        <ul className="outright-list" aria-label={market.name}>
          {market.selections.map((selection) => (
            <li key={selection.id} className="outright-list__row">
              <span className="outright-list__name">{selection.name}</span>
              <OddsButton live={outrights.findSelection(selection.id)} />
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
                {TABLE_COLUMNS.map(([short, title]) =>
                  title === 'Club' ? (
                    <th key={short} scope="col" className="league-table__club">
                      Club
                    </th>
                  ) : (
                    <th key={short} scope="col">
                      <abbr title={title}>{short}</abbr>
                    </th>
                  ),
                )}
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
                  <td>
                    {line.goalsFor - line.goalsAgainst > 0
                      ? `+${line.goalsFor - line.goalsAgainst}`
                      : line.goalsFor - line.goalsAgainst}
                  </td>
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
