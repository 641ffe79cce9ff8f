export * from './ids';
export * from './market-types';
export * from './event-markets';
