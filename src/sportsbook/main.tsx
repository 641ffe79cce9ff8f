import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createSportsbook } from './app/createSportsbook';
import { SportsbookContext } from './app/context';
import { App } from './app/App';
import '../ui/design/tokens.css';
import './sportsbook.css';

const sportsbook = createSportsbook({ window });
(globalThis as { __sportsbook?: unknown }).__sportsbook = sportsbook;
void sportsbook.start();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SportsbookContext.Provider value={sportsbook}>
      <App />
    </SportsbookContext.Provider>
  </StrictMode>,
);
