import { lazy, Suspense } from 'react';
import { AreaApp, EmailVerificationNotice, Spinner, type AreaRoute, type RemoteAppProps } from '@dosar/shared';
import { ReviewBadge } from './features/month/components/review-badge';
import { NotificationsBadge } from './features/notifications/components/notifications-badge';
import { paths } from './paths';

// Features are named after the server's domains (clients, links, categories, utility-files,
// users), not after the screens; the URLs below stay the ones users know.
const ClientsPage = lazy(() =>
  import('./features/clients/components/clients-page').then((m) => ({ default: m.ClientsPage })),
);
const NewClientPage = lazy(() =>
  import('./features/clients/components/new-client-page').then((m) => ({ default: m.NewClientPage })),
);
const ClientViewPage = lazy(() =>
  import('./features/clients/components/client-view-page').then((m) => ({ default: m.ClientViewPage })),
);
// The month (docs/api/month.md): the portfolio, the review inbox, the firm's default set, and the
// client page's month area, which the clients feature shows without importing the month feature.
const PortfolioPage = lazy(() =>
  import('./features/month/components/portfolio-page').then((m) => ({ default: m.PortfolioPage })),
);
const ReviewInboxPage = lazy(() =>
  import('./features/month/components/review-inbox-page').then((m) => ({ default: m.ReviewInboxPage })),
);
const MonthSettingsPage = lazy(() =>
  import('./features/month/components/month-settings-page').then((m) => ({ default: m.MonthSettingsPage })),
);
const ClientMonthArea = lazy(() => import('./features/month/components/client-month-area'));

const monthSection = (section: 'luna' | 'cerinte' | 'istoric') => (clientId: number) => (
  <Suspense fallback={<Spinner />}>
    <ClientMonthArea clientId={clientId} section={section} />
  </Suspense>
);

// What the firm hears back and the reminders (docs/PRODUCT.md, "Ce află firma", "Reminders"); the
// client page's „Memento-uri” tab, shown by the clients feature without importing the reminders feature.
const NotificationsPage = lazy(() =>
  import('./features/notifications/components/notifications-page').then((m) => ({ default: m.NotificationsPage })),
);
const RemindersPage = lazy(() =>
  import('./features/reminders/components/reminders-page').then((m) => ({ default: m.RemindersPage })),
);
const ClientRemindersSection = lazy(() =>
  import('./features/reminders/components/client-reminders-section').then((m) => ({
    default: m.ClientRemindersSection,
  })),
);
const remindersSection = (clientId: number) => (
  <Suspense fallback={<Spinner />}>
    <ClientRemindersSection clientId={clientId} />
  </Suspense>
);

// The declaration calendar (docs/PRODUCT.md, "Declarations"): the firm's „Declarații” grid and the client
// page's tab with its fiscal profile, shown by the clients feature without importing this one.
const ObligationsPage = lazy(() =>
  import('./features/obligations/components/obligations-page').then((m) => ({ default: m.ObligationsPage })),
);
const ClientObligationsSection = lazy(() =>
  import('./features/obligations/components/client-obligations-section').then((m) => ({
    default: m.ClientObligationsSection,
  })),
);
const obligationsSection = (clientId: number) => (
  <Suspense fallback={<Spinner />}>
    <ClientObligationsSection clientId={clientId} />
  </Suspense>
);

// The client page's „ANAF” tab: the registry state with the nightly check's flag, and the SPV sync.
const ClientAnafSection = lazy(() =>
  import('./features/anaf/components/client-anaf-section').then((m) => ({ default: m.ClientAnafSection })),
);
const anafSection = (clientId: number) => (
  <Suspense fallback={<Spinner />}>
    <ClientAnafSection clientId={clientId} />
  </Suspense>
);

// The client page opens on the month; „Documente” comes right after it (client-view-page.tsx).
const clientSections = [
  { id: 'luna', label: 'Luna', render: monthSection('luna') },
  { id: 'cerinte', label: 'Ce trebuie să predea', render: monthSection('cerinte') },
  { id: 'istoric', label: 'Istoric', render: monthSection('istoric') },
  { id: 'memento', label: 'Memento-uri', render: remindersSection },
  { id: 'declaratii', label: 'Declarații', render: obligationsSection },
  { id: 'anaf', label: 'ANAF', render: anafSection },
];

// e-Factura: the import, „De sortat” and the search over every client's documents (docs/PRODUCT.md).
const InvoicesImportPage = lazy(() =>
  import('./features/invoices/components/invoices-import-page').then((m) => ({ default: m.InvoicesImportPage })),
);
const UnsortedInvoicesPage = lazy(() =>
  import('./features/invoices/components/unsorted-invoices-page').then((m) => ({ default: m.UnsortedInvoicesPage })),
);
const DocumentSearchPage = lazy(() =>
  import('./features/invoices/components/document-search-page').then((m) => ({ default: m.DocumentSearchPage })),
);
// ANAF: the registry's flags of the nightly check, SPV authorisation and sync (docs/PRODUCT.md).
const AnafPage = lazy(() => import('./features/anaf/components/anaf-page').then((m) => ({ default: m.AnafPage })));
const HoldingsPage = lazy(() =>
  import('./features/links/components/holdings-page').then((m) => ({ default: m.HoldingsPage })),
);
const CategoriesPage = lazy(() =>
  import('./features/categories/components/categories-page').then((m) => ({ default: m.CategoriesPage })),
);
const UtilityFilesPage = lazy(() =>
  import('./features/utility-files/components/utility-files-page').then((m) => ({ default: m.UtilityFilesPage })),
);
const UsersPage = lazy(() => import('./features/users/components/users-page').then((m) => ({ default: m.UsersPage })));
const ProfilePage = lazy(() =>
  import('./features/profile/components/profile-page').then((m) => ({ default: m.ProfilePage })),
);
const SubscriptionPage = lazy(() =>
  import('./features/subscription/components/subscription-page').then((m) => ({ default: m.SubscriptionPage })),
);

/**
 * The company area's screens. One line per screen: path relative to
 * /company, roles allowed, menu label (none = not in the menu). The menu shows
 * only the screens the signed-in role may open.
 */
const routes: AreaRoute[] = [
  { path: 'dashboard', roles: [2, 3], label: 'Clienți', element: <ClientsPage /> },
  { path: 'new-client', roles: [2], label: 'Client nou', element: <NewClientPage /> },
  { path: 'clients/:id', roles: [2, 3], title: 'Client', element: <ClientViewPage sections={clientSections} /> },
  { path: 'month', roles: [2, 3], label: 'Luna', element: <PortfolioPage /> },
  { path: 'review', roles: [2, 3], label: 'De verificat', badge: <ReviewBadge />, element: <ReviewInboxPage /> },
  { path: 'declarations', roles: [2, 3], label: 'Declarații', element: <ObligationsPage /> },
  {
    path: 'notifications',
    roles: [2, 3],
    label: 'Notificări',
    badge: <NotificationsBadge />,
    element: <NotificationsPage />,
  },
  { path: 'invoices', roles: [2, 3], label: 'Facturi', element: <InvoicesImportPage /> },
  { path: 'invoices/unsorted', roles: [2, 3], label: 'De sortat', element: <UnsortedInvoicesPage /> },
  { path: 'search', roles: [2, 3], label: 'Caută documente', element: <DocumentSearchPage /> },
  { path: 'anaf', roles: [2, 3], label: 'ANAF și SPV', element: <AnafPage /> },
  { path: 'holdings', roles: [2], label: 'Holdinguri', element: <HoldingsPage /> },
  { path: 'categories', roles: [2], label: 'Categorii', element: <CategoriesPage /> },
  { path: 'month-settings', roles: [2], label: 'Documente lunare', element: <MonthSettingsPage /> },
  { path: 'reminders', roles: [2], label: 'Memento-uri', element: <RemindersPage /> },
  { path: 'utils', roles: [2, 3], label: 'Fișiere utile', element: <UtilityFilesPage /> },
  { path: 'users', roles: [2], label: 'Utilizatori', element: <UsersPage /> },
  { path: 'subscription', roles: [2], label: 'Abonament', element: <SubscriptionPage /> },
  { path: 'profile', roles: [2, 3], label: 'Profilul meu', element: <ProfilePage /> },
];

export default function App(_props: RemoteAppProps) {
  return (
    <AreaApp
      title="Companie"
      basePath={paths.root}
      roles={[2, 3]}
      defaultPath={paths.dashboard}
      routes={routes}
      notice={<EmailVerificationNotice />}
    />
  );
}
