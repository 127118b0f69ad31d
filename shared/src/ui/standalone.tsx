import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { connectSession } from '../session/setup';
import { createAppStore } from '../session/store';
import { useCurrentUser } from '../session/hooks';
import { homeForRole } from '../guard/decide-guard';
import type { RemoteAppProps } from '../types';
import { LoginForm } from '../session/LoginForm';

function StandaloneLogin() {
  const user = useCurrentUser();
  if (user) return <Navigate to={homeForRole(user.role)} replace />;
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
          <Routes>
            <Route path={`${options.basePath}/*`} element={<App basePath={options.basePath} />} />
            <Route path="/login" element={<StandaloneLogin />} />
            <Route path="*" element={<Navigate to={options.basePath} replace />} />
          </Routes>
        </BrowserRouter>
      </Provider>
    </StrictMode>,
  );
}
