/** The score model: expected goals, the feed's goal rates, and the one distribution every market is summed from. */
export { matchRates } from './match-rates';
export { scoreDistribution } from './score-distribution';
