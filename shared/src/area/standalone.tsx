import { StrictMode, useEffect, useState, type ComponentType } from 'react';
import { useDispatch } from 'react-redux';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { connectSession } from '../session/setup';
import { createAppStore } from '../session/store';
import { useCurrentUser } from '../session/hooks';
import { homeForRole } from '../guard/decide-guard';
import type { RemoteAppProps } from '../types';
import { LoginForm } from '../session/LoginForm';
import { sessionCleared } from '../session/session-slice';
import { devApiAnswers } from '../session/dev-api';

/**
 * The login page of a remote running alone. An account of another area is told so (and may sign out)
 * instead of being sent on to its area, which this dev server does not serve (that looped back here).
 */
export function StandaloneLogin({ basePath }: { basePath: string }) {
  const user = useCurrentUser();
  const dispatch = useDispatch();
  if (user) {
    const home = homeForRole(user.role);
    if (home.startsWith(`${basePath}/`) || home === basePath) return <Navigate to={home} replace />;
    return (
      <div className="auth-page">
        <div className="card auth-card" role="alert">
          <h1>Cont din altă zonă</h1>
          <p className="muted">
            Contul {user.email} se deschide la {home}, pe care această aplicație (rulată separat, doar {basePath}) nu o
            servește. Deschide aplicația completă (shell-ul, <code>npm run dev</code>) sau deconectează-te și intră cu
            un cont al acestei zone.
          </p>
          <button type="button" className="btn btn-primary" onClick={() => dispatch(sessionCleared())}>
            Deconectare
          </button>
        </div>
      </div>
    );
  }
  return (
    <div className="auth-page">
      <div className="card auth-card">
        <h1>Autentificare</h1>
        <p className="muted">Aplicația rulează separat (mod dezvoltare).</p>
        <LoginForm />
      </div>
    </div>
  );
}

/** Shown on a remote's own dev page while the API does not answer behind its proxy. */
export function DevApiNotice({ check = devApiAnswers }: { check?: () => Promise<boolean> }) {
  const [down, setDown] = useState(false);
  useEffect(() => {
    let alive = true;
    void check().then((answers) => alive && setDown(!answers));
    return () => {
      alive = false;
    };
  }, [check]);
  if (!down) return null;
  return (
    <div className="card" role="alert" style={{ margin: '1rem' }}>
      <strong>API-ul nu răspunde.</strong> Această aplicație rulează separat și are nevoie de API (la <code>/api</code>,
      trimis mai departe la <code>DOSAR_API_URL</code>, implicit http://localhost:8080). Pornește-l într-un alt terminal
      cu <code>npm run dev -w server</code> (sau totul cu <code>npm run dev</code>), apoi reîncarcă pagina.
    </div>
  );
}

/** Runs one remote on its own dev server: its own store, session and router. */
export function renderStandalone(
  App: ComponentType<RemoteAppProps>,
  options: { basePath: string; elementId?: string },
): void {
  const element = document.getElementById(options.elementId ?? 'root');
  if (!element) return;
  const store = createAppStore();
  void connectSession(store);
  createRoot(element).render(
    <StrictMode>
      <Provider store={store}>
        <BrowserRouter future={{ v7_startTransition: true }}>
          <DevApiNotice />
          <Routes>
            <Route path={`${options.basePath}/*`} element={<App basePath={options.basePath} />} />
            <Route path="/login" element={<StandaloneLogin basePath={options.basePath} />} />
            <Route path="*" element={<Navigate to={options.basePath} replace />} />
          </Routes>
        </BrowserRouter>
      </Provider>
    </StrictMode>,
  );
}
