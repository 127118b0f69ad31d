import { PageHeader, ProfileForm, ProfileSecurity, TenantSecuritySetting, useCurrentUser } from '@dosar/shared';
import { companyBase } from '../../../lib/company-api';

/**
 * The signed-in user's own profile: name, e-mail, password (POST /api/users/{id}/update),
 * two-factor sign-in and the active sessions; the owner (role 2) also decides whether the
 * company requires two-factor sign-in of all its users.
 */
export function ProfilePage() {
  const user = useCurrentUser();
  return (
    <div className="page">
      <PageHeader title="Profilul meu" />
      <ProfileForm />
      <ProfileSecurity />
      {user?.role === 2 && user.company_id ? (
        <div className="grid profile-grid">
          <TenantSecuritySetting apiBase={companyBase(user.company_id)} />
        </div>
      ) : null}
    </div>
  );
}
