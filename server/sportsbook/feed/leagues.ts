/**
 * The simulated world: fictional leagues and clubs (no real club's name), each club's attack and defence relative
 * to its league's average (1.0). Ids are stable: they are the rows' keys.
 */
export interface LeagueData {
  id: string;
  name: string;
  country: string;
  homeGoals: number;
  awayGoals: number;
  rho: number;
  teams: Array<[name: string, attack: number, defence: number]>;
}

export const LEAGUES: LeagueData[] = [
  {
    id: 'eng-premier',
    name: 'Albion Premier Division',
    country: 'England',
    homeGoals: 1.55,
    awayGoals: 1.22,
    rho: -0.08,
    teams: [
      ['Castlebridge Rovers', 1.42, 0.72],
      ['Harrowgate United', 1.35, 0.78],
      ['Kingsmere City', 1.3, 0.8],
      ['Ashworth Athletic', 1.18, 0.88],
      ['Whitcombe Wanderers', 1.1, 0.92],
      ['Northfleet Town', 1.05, 0.97],
      ['Redmarsh Albion', 1.0, 1.0],
      ['Saltford Forest', 0.97, 1.02],
      ['Elmbury Villa', 0.94, 1.05],
      ['Dunmoor County', 0.9, 1.08],
      ['Ravensholt', 0.88, 1.1],
      ['Brackwater Harriers', 0.85, 1.12],
      ['Thornley Park', 0.82, 1.15],
      ['Millgate Rangers', 0.8, 1.18],
      ['Oakhurst Orient', 0.78, 1.2],
      ['Portley Borough', 0.75, 1.24],
    ],
  },
  {
    id: 'eng-championship',
    name: 'Albion Championship',
    country: 'England',
    homeGoals: 1.45,
    awayGoals: 1.12,
    rho: -0.07,
    teams: [
      ['Westerby Town', 1.25, 0.85],
      ['Cresswold City', 1.2, 0.88],
      ['Lowhampton Athletic', 1.12, 0.92],
      ['Fernleigh United', 1.08, 0.95],
      ['Stokeham Rovers', 1.03, 0.98],
      ['Bramcote Wanderers', 1.0, 1.0],
      ['Gildersby', 0.97, 1.03],
      ['Hollinford Albion', 0.94, 1.05],
      ['Marlow Cross', 0.9, 1.08],
      ['Penwick County', 0.88, 1.1],
      ['Quarrybank Town', 0.85, 1.13],
      ['Tidewell United', 0.8, 1.18],
    ],
  },
  {
    id: 'sco-premier',
    name: 'Caledonian Premiership',
    country: 'Scotland',
    homeGoals: 1.5,
    awayGoals: 1.25,
    rho: -0.06,
    teams: [
      ['Glenross Celtic', 1.45, 0.7],
      ['Kilbrannan Rangers', 1.38, 0.75],
      ['Inverlochy Thistle', 1.02, 0.98],
      ['Dunkellin', 0.98, 1.02],
      ['Strathmore Academicals', 0.95, 1.05],
      ['Port Ailsa', 0.9, 1.08],
      ['Balcarran Athletic', 0.86, 1.12],
      ['Loch Tarbet United', 0.82, 1.16],
      ['Cairnhill Hearts', 1.05, 0.95],
      ['Aberlorne', 0.84, 1.14],
    ],
  },
  {
    id: 'eur-cup',
    name: 'Continental Champions Cup',
    country: 'Europe',
    homeGoals: 1.6,
    awayGoals: 1.3,
    rho: -0.05,
    teams: [
      ['Real Valdoria', 1.45, 0.72],
      ['Sporting Montefaro', 1.3, 0.82],
      ['Dynamo Velisk', 1.15, 0.9],
      ['Olympique Sablon', 1.2, 0.86],
      ['FC Rheinsberg', 1.32, 0.8],
      ['Inter Castellano', 1.25, 0.78],
      ['Ajax Hollendam', 1.12, 0.94],
      ['Lokomotiv Zarkov', 1.0, 1.0],
      ['Athletico Serrena', 1.08, 0.9],
      ['Racing Lumière', 0.98, 1.02],
      ['Viktoria Brenau', 0.95, 1.05],
      ['Partizan Dravik', 0.92, 1.08],
    ],
  },
];

/** Team ids from league and name, URL-safe: 'eng-premier.castlebridge-rovers'. */
export const teamId = (leagueId: string, name: string) =>
  `${leagueId}.${name
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`;
