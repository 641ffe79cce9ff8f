export { OrderBook } from './order-book';
export * from './types';
