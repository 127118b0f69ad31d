import { Suspense, lazy, type ComponentType, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { RouteGuard, Spinner, type RouteAccess } from '@dosar/shared';
import { RemoteArea } from '../features/remotes/RemoteArea';
import { NotFoundPage } from './NotFoundPage';
import { paths } from './paths';
import { PublicLayout } from './PublicLayout';

const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => load().then((m) => ({ default: m[name] })));

const HomePage = page(() => import('../features/public-pages/HomePage'), 'HomePage');
const DocumentationPage = page(() => import('../features/public-pages/DocumentationPage'), 'DocumentationPage');
const TermsPage = page(() => import('../features/public-pages/TermsPage'), 'TermsPage');
const ConfidentialityPage = page(() => import('../features/public-pages/ConfidentialityPage'), 'ConfidentialityPage');
const CompanyRequestPage = page(() => import('../features/company-request/CompanyRequestPage'), 'CompanyRequestPage');
// Its own light chunk: the upload link a client opens on a phone (pdf-lib loads only when photos are sent).
const UploadLinkPage = page(
  () => import(/* webpackChunkName: "upload-link" */ '../features/upload-link/UploadLinkPage'),
  'UploadLinkPage',
);
const LoginPage = page(() => import('../features/auth/LoginPage'), 'LoginPage');
const RegisterPage = page(() => import('../features/auth/RegisterPage'), 'RegisterPage');
const ForgotPasswordPage = page(() => import('../features/auth/ForgotPasswordPage'), 'ForgotPasswordPage');
const ResetPasswordPage = page(() => import('../features/auth/ResetPasswordPage'), 'ResetPasswordPage');
const VerifyEmailPage = page(() => import('../features/email-links/EmailLinkPage'), 'VerifyEmailPage');
const ConfirmEmailPage = page(() => import('../features/email-links/EmailLinkPage'), 'ConfirmEmailPage');
const UndoEmailPage = page(() => import('../features/email-links/EmailLinkPage'), 'UndoEmailPage');
const SandboxCheckoutPage = page(
  () => import('../features/sandbox-checkout/SandboxCheckoutPage'),
  'SandboxCheckoutPage',
);

const guard = (access: RouteAccess, element: ReactNode) => <RouteGuard access={access}>{element}</RouteGuard>;

/** Every route of the product. Areas are remotes loaded at run time; the guard runs before they load. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        <Route index element={<HomePage />} />
        <Route path={paths.documentation} element={<DocumentationPage />} />
        <Route path={paths.termsShort} element={<Navigate to={paths.terms} replace />} />
        <Route path={paths.terms} element={<TermsPage />} />
        <Route path={paths.confidentiality} element={<ConfidentialityPage />} />
        <Route path="/company-request/:hash" element={<CompanyRequestPage />} />
        {/* The e-mail links work signed in or not (the link, not the session, proves the address). */}
        <Route path="/verify-email/:token" element={<VerifyEmailPage />} />
        <Route path="/confirm-email/:token" element={<ConfirmEmailPage />} />
        <Route path="/undo-email/:token" element={<UndoEmailPage />} />
        <Route path="/sandbox-checkout/:paymentId" element={guard({ roles: [2, 4] }, <SandboxCheckoutPage />)} />

        <Route path={paths.login} element={guard('guest', <LoginPage />)} />
        <Route path={paths.register} element={guard('guest', <RegisterPage />)} />
        <Route path={paths.forgotPassword} element={guard('guest', <ForgotPasswordPage />)} />
        <Route path="/reset-password/:token" element={guard('guest', <ResetPasswordPage />)} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>

      {/* Without an account and without the site's header: the link, not a session, names the client. */}
      <Route
        path="/incarcare/:token"
        element={
          <Suspense fallback={<Spinner />}>
            <UploadLinkPage />
          </Suspense>
        }
      />
      <Route path={paths.admin} element={guard({ roles: [1] }, <Navigate to={paths.adminDefault} replace />)} />
      <Route
        path={`${paths.admin}/*`}
        element={guard({ roles: [1] }, <RemoteArea area="admin" basePath={paths.admin} />)}
      />
      <Route path={paths.company} element={guard({ roles: [2, 3] }, <Navigate to={paths.companyDefault} replace />)} />
      <Route
        path={`${paths.company}/*`}
        element={guard({ roles: [2, 3] }, <RemoteArea area="company" basePath={paths.company} />)}
      />
      <Route path={paths.client} element={guard({ roles: [4, 5] }, <Navigate to={paths.clientDefault} replace />)} />
      <Route
        path={`${paths.client}/*`}
        element={guard({ roles: [4, 5] }, <RemoteArea area="client" basePath={paths.client} />)}
      />
    </Routes>
  );
}
