import { useEffect, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { useCurrentUser, useLogout } from '../session/hooks';
import type { NavItem } from '../types';

export interface AreaLayoutProps {
  title: string;
  nav: NavItem[];
  children: ReactNode;
  /** Shown above every page of the area (e.g. the e-mail verification notice). */
  notice?: ReactNode;
}

export const ROLE_LABELS: Record<number, string> = {
  1: 'Administrator platformă',
  2: 'Administrator companie',
  3: 'Angajat companie',
  4: 'Administrator holding',
  5: 'Utilizator holding',
};

/** An area's frame: sidebar navigation, header with the signed-in user and logout, content. */
export function AreaLayout({ title, nav, children, notice }: AreaLayoutProps) {
  const user = useCurrentUser();
  const logout = useLogout();
  const navigate = useNavigate();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);

  useEffect(() => setMenuOpen(false), [location.pathname]);

  const onLogout = async (): Promise<void> => {
    setLeaving(true);
    await logout();
    navigate('/login', { replace: true });
  };

  const organisation = user?.company?.name ?? user?.holding?.name ?? null;

  return (
    <div className={`area${menuOpen ? ' area-menu-open' : ''}`}>
      <aside className="area-sidebar" id="area-sidebar" aria-label="Navigare">
        <Link className="area-brand" to="/">
          <span className="brand-mark" aria-hidden="true">
            D
          </span>
          <span>Dosar</span>
        </Link>
        <div className="area-title">{title}</div>
        <nav>
          <ul className="area-nav">
            {nav.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className={({ isActive }) => (isActive ? 'area-link active' : 'area-link')}>
                  {item.label}
                  {item.badge}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <div className="area-main">
        <header className="area-header">
          <button
            type="button"
            className="btn btn-ghost area-menu-toggle"
            aria-controls="area-sidebar"
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen((o) => !o)}
          >
            ☰<span className="sr-only"> Meniu</span>
          </button>
          <div className="area-header-title">{organisation ?? title}</div>
          <div className="area-user">
            {user ? (
              <span className="area-user-name">
                <strong>{user.name}</strong>
                <span className="muted">{ROLE_LABELS[user.role] ?? ''}</span>
              </span>
            ) : null}
            <button type="button" className="btn btn-ghost" onClick={() => void onLogout()} disabled={leaving}>
              Deconectare
            </button>
          </div>
        </header>
        {notice}
        <main className="area-content" id="main">
          {children}
        </main>
      </div>
      {menuOpen ? <div className="area-backdrop" aria-hidden="true" onClick={() => setMenuOpen(false)} /> : null}
    </div>
  );
}
