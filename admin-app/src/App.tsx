import { lazy } from 'react';
import { AreaApp, EmailVerificationNotice, type AreaRoute, type RemoteAppProps } from '@dosar/shared';
import { paths } from './paths';

const CompaniesPage = lazy(() =>
  import('./features/companies/components/companies-page').then((m) => ({ default: m.CompaniesPage })),
);
const ProfilePage = lazy(() =>
  import('./features/profile/components/profile-page').then((m) => ({ default: m.ProfilePage })),
);
const CompanyDetailPage = lazy(() =>
  import('./features/companies/components/company-detail-page').then((m) => ({ default: m.CompanyDetailPage })),
);
const HoldingsPage = lazy(() =>
  import('./features/holdings/components/holdings-page').then((m) => ({ default: m.HoldingsPage })),
);
const HoldingDetailPage = lazy(() =>
  import('./features/holdings/components/holding-detail-page').then((m) => ({ default: m.HoldingDetailPage })),
);
const PaymentsPage = lazy(() =>
  import('./features/payments/components/payments-page').then((m) => ({ default: m.PaymentsPage })),
);
const CampaignsPage = lazy(() =>
  import('./features/campaigns/components/campaigns-page').then((m) => ({ default: m.CampaignsPage })),
);
const CuiClaimsPage = lazy(() =>
  import('./features/cui-claims/components/cui-claims-page').then((m) => ({ default: m.CuiClaimsPage })),
);
const PlansPage = lazy(() => import('./features/plans/components/plans-page').then((m) => ({ default: m.PlansPage })));

/**
 * The admin area's screens (role 1). One line per screen: path
 * relative to /admin, roles allowed, menu label (none = not in the menu).
 */
const routes: AreaRoute[] = [
  { path: 'companies', roles: [1], label: 'Companii', element: <CompaniesPage /> },
  { path: 'companies/:id', roles: [1], title: 'Companie', element: <CompanyDetailPage /> },
  { path: 'holdings', roles: [1], label: 'Holdinguri', element: <HoldingsPage /> },
  { path: 'holdings/:id', roles: [1], title: 'Holding', element: <HoldingDetailPage /> },
  { path: 'cui-claims', roles: [1], label: 'Revendicări CUI', element: <CuiClaimsPage /> },
  { path: 'payments', roles: [1], label: 'Plăți', element: <PaymentsPage /> },
  { path: 'campaigns', roles: [1], label: 'Campanii', element: <CampaignsPage /> },
  { path: 'plans', roles: [1], label: 'Planuri', element: <PlansPage /> },
  { path: 'profile', roles: [1], label: 'Profilul meu', element: <ProfilePage /> },
];

export default function App(_props: RemoteAppProps) {
  return (
    <AreaApp
      title="Administrare"
      basePath={paths.root}
      roles={[1]}
      defaultPath={paths.companies}
      routes={routes}
      notice={<EmailVerificationNotice />}
    />
  );
}
