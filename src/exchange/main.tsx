import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createExchange } from './app/createExchange';
import { ExchangeContext } from './app/context';
import { App } from './app/App';
import '../ui/design/tokens.css';
import './exchange.css';

const exchange = createExchange({ window });
void exchange.start();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ExchangeContext.Provider value={exchange}>
      <App />
    </ExchangeContext.Provider>
  </StrictMode>,
);
