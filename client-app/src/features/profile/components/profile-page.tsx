import { PageHeader, ProfileForm, ProfileSecurity, TenantSecuritySetting, useCurrentUser } from '@dosar/shared';
import { holdingBase } from '../../../lib/holding-api';
import { useHoldingId } from '../../../lib/use-holding-id';

/**
 * The signed-in user's own profile: name, e-mail, password (POST /api/users/{id}/update),
 * two-factor sign-in and the active sessions; the holding's administrator (role 4) also
 * decides whether the holding requires two-factor sign-in of all its users.
 */
export function ProfilePage() {
  const user = useCurrentUser();
  const holdingId = useHoldingId();
  return (
    <div className="page">
      <PageHeader title="Profilul meu" />
      <ProfileForm />
      <ProfileSecurity />
      {user?.role === 4 && holdingId ? (
        <div className="grid profile-grid">
          <TenantSecuritySetting apiBase={holdingBase(holdingId)} />
        </div>
      ) : null}
    </div>
  );
}
