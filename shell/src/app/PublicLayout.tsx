import { Suspense } from 'react';
import { Link, NavLink, Outlet } from 'react-router-dom';
import { Spinner, homeForRole, useLogout, useSession } from '@dosar/shared';
import { paths } from './paths';

function SessionActions() {
  const session = useSession();
  const logout = useLogout();
  if (session.status === 'unknown') return null;
  if (session.user) {
    return (
      <div className="site-actions">
        <Link className="btn btn-primary" to={homeForRole(session.user.role)}>
          Contul meu
        </Link>
        <button type="button" className="btn btn-ghost" onClick={() => void logout()}>
          Deconectare
        </button>
      </div>
    );
  }
  return (
    <div className="site-actions">
      <Link className="btn btn-ghost" to={paths.login}>
        Autentificare
      </Link>
      <Link className="btn btn-primary" to={paths.register}>
        Creează cont
      </Link>
    </div>
  );
}

/** Header, navigation and footer of the public pages and the sign-in screens. */
export function PublicLayout() {
  return (
    <div className="site">
      <header className="site-header">
        <Link className="area-brand" to={paths.home}>
          <span className="brand-mark" aria-hidden="true">
            D
          </span>
          <span>Dosar</span>
        </Link>
        <nav className="site-nav" aria-label="Navigare principală">
          <NavLink to={paths.home} end>
            Acasă
          </NavLink>
          <NavLink to={paths.documentation}>Documentație</NavLink>
        </nav>
        <SessionActions />
      </header>
      <main className="site-main" id="main">
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="site-footer">
        <span>© {new Date().getFullYear()} Dosar — documentele clienților, la un loc.</span>
        <nav aria-label="Informații legale" className="site-nav site-footer-nav">
          <Link to={paths.terms}>Termeni și condiții</Link>
          <Link to={paths.confidentiality}>Confidențialitate</Link>
          <Link to={paths.documentation}>Documentație</Link>
        </nav>
      </footer>
    </div>
  );
}
