import { createContext, useContext } from 'react';
import type { Exchange } from './createExchange';

export const ExchangeContext = createContext<Exchange | null>(null);

export function useExchange(): Exchange {
  const exchange = useContext(ExchangeContext);
  if (!exchange) throw new Error('useExchange outside its provider');
  return exchange;
}
