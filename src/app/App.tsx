import { observer } from 'mobx-react-lite';
import { Header } from './Header';
import { OverlayHost } from './OverlayHost';
import { HomePage } from '../features/home/HomePage';

export const App = observer(function App() {
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" className="main">
        <HomePage />
      </main>
      <OverlayHost />
    </div>
  );
});
