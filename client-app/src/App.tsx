import { lazy } from 'react';
import { AreaApp, EmailVerificationNotice, type AreaRoute, type RemoteAppProps } from '@dosar/shared';
import type { ClientTab } from './features/clients/components/client-view-page';
import { paths } from './paths';

// Features are named after the server's domains (clients, links, utility-files, users), not
// after the screens; the URLs below stay the ones users know.
const ClientsPage = lazy(() =>
  import('./features/clients/components/clients-page').then((m) => ({ default: m.ClientsPage })),
);
const ProfilePage = lazy(() =>
  import('./features/profile/components/profile-page').then((m) => ({ default: m.ProfilePage })),
);
const ClientViewPage = lazy(() =>
  import('./features/clients/components/client-view-page').then((m) => ({ default: m.ClientViewPage })),
);
const OpenItemsPage = lazy(() =>
  import('./features/month/components/open-items-page').then((m) => ({ default: m.OpenItemsPage })),
);
const ClientMonthTab = lazy(() =>
  import('./features/month/components/client-month-tab').then((m) => ({ default: m.ClientMonthTab })),
);
const ClientHistoryTab = lazy(() =>
  import('./features/month/components/client-history-tab').then((m) => ({ default: m.ClientHistoryTab })),
);
// The declaration calendar, read only (docs/PRODUCT.md, "Declarations").
const ClientObligationsTab = lazy(() =>
  import('./features/obligations/components/client-obligations-tab').then((m) => ({
    default: m.ClientObligationsTab,
  })),
);
const UtilityFilesPage = lazy(() =>
  import('./features/utility-files/components/utility-files-page').then((m) => ({ default: m.UtilityFilesPage })),
);
const CompanyPage = lazy(() =>
  import('./features/links/components/company-page').then((m) => ({ default: m.CompanyPage })),
);
const UsersPage = lazy(() => import('./features/users/components/users-page').then((m) => ({ default: m.UsersPage })));
const SubscriptionPage = lazy(() =>
  import('./features/subscription/components/subscription-page').then((m) => ({ default: m.SubscriptionPage })),
);

/** The client page's sections beside its documents: the month's checklist and the history. */
const clientTabs: ClientTab[] = [
  {
    id: 'luna',
    label: 'Luna',
    render: ({ clientUrl, client }) => <ClientMonthTab clientUrl={clientUrl} clientName={client.name} />,
  },
  { id: 'istoric', label: 'Istoric', render: ({ clientUrl }) => <ClientHistoryTab clientUrl={clientUrl} /> },
  { id: 'declaratii', label: 'Declarații', render: ({ clientUrl }) => <ClientObligationsTab clientUrl={clientUrl} /> },
];

/**
 * The client area's screens. One line per screen: path relative to
 * /client, roles allowed, menu label (none = not in the menu). The menu shows
 * only the screens the signed-in role may open. Keep the client view (':id')
 * last in mind: static paths win over it in react-router.
 */
const routes: AreaRoute[] = [
  { path: 'dashboard', roles: [4, 5], label: 'Firme', element: <ClientsPage /> },
  { path: 'de-trimis', roles: [4, 5], label: 'De trimis', title: 'Ce mai am de trimis', element: <OpenItemsPage /> },
  { path: 'utils', roles: [4, 5], label: 'Fișiere utile', element: <UtilityFilesPage /> },
  { path: 'company', roles: [4], label: 'Firme de contabilitate', element: <CompanyPage /> },
  { path: 'users', roles: [4], label: 'Utilizatori', element: <UsersPage /> },
  { path: 'subscription', roles: [4], label: 'Abonament', element: <SubscriptionPage /> },
  { path: 'profile', roles: [4, 5], label: 'Profilul meu', element: <ProfilePage /> },
  { path: ':id', roles: [4, 5], title: 'Firmă', element: <ClientViewPage tabs={clientTabs} /> },
];

export default function App(_props: RemoteAppProps) {
  return (
    <AreaApp
      title="Client"
      basePath={paths.root}
      roles={[4, 5]}
      defaultPath={paths.dashboard}
      routes={routes}
      notice={<EmailVerificationNotice />}
    />
  );
}
