import { useStores } from '../../stores/context';

export default function BetNotLoggedInModal() {
  const { overlays } = useStores();
  return (
    <div className="modal-body">
      <p>You need to be logged in to place a bet. Register in a few minutes, or log in to your account.</p>
      <div className="modal-actions">
        <button type="button" className="button button--primary" onClick={() => overlays.open('register')}>
          Register
        </button>
        <button type="button" className="button button--ghost" onClick={() => overlays.open('login')}>
          Login
        </button>
      </div>
    </div>
  );
}
