import type { ScoreModel } from './catalogue/score-model';
import { goalRates, matchRates } from './pricing/match-rates';
import { certainMarketKeys, marketCatalogue, priceEvent } from './markets';

/** The score model (pricing/, markets/) as the catalogue and the feed use it. */
export const scoreModel: ScoreModel = { matchRates, marketCatalogue, priceEvent, goalRates, certainMarketKeys };
