// The design system's tokens and the frame's shared styles first: each component's own stylesheet comes after them.
import '../ui/design/tokens.css';
import './base.css';
import './ui/primitives.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createSportsbook } from './app/createSportsbook';
import { SportsbookContext } from './app/context';
import { App } from './app/App';

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
