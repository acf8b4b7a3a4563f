import { useDeckUser } from './DeckUserContext.tsx';

/** The signed-in user's email and a sign-out button; nothing in standalone mode. */
export function AccountMenu() {
  const { user, logout } = useDeckUser();
  if (!user || !logout) return null;
  return (
    <div className="account">
      <span className="account__email">{user.email}</span>
      <button type="button" className="zoom__button account__logout" onClick={logout}>
        Sign out
      </button>
    </div>
  );
}
