import { lazy } from 'react';
import { AreaApp, type AreaRoute, type RemoteAppProps } from '@dosar/shared';
import { paths } from './paths';

const CompaniesPage = lazy(() =>
  import('./features/companies/components/companies-page').then((m) => ({ default: m.CompaniesPage })),
);
const ProfilePage = lazy(() =>
  import('./features/profile/components/profile-page').then((m) => ({ default: m.ProfilePage })),
);

/**
 * The admin area's screens (SPEC §2, role 1). One line per screen: path
 * relative to /admin, roles allowed, menu label (none = not in the menu).
 */
const routes: AreaRoute[] = [
  { path: 'companies', roles: [1], label: 'Companii', element: <CompaniesPage /> },
  { path: 'profile', roles: [1], label: 'Profilul meu', element: <ProfilePage /> },
];

export default function App(_props: RemoteAppProps) {
  return <AreaApp title="Administrare" basePath={paths.root} roles={[1]} defaultPath={paths.companies} routes={routes} />;
}
