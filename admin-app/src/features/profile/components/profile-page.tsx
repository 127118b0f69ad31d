import { PageHeader, ProfileForm, ProfileSecurity } from '@dosar/shared';

/**
 * The signed-in user's own profile: name, e-mail, password (POST /api/users/{id}/update),
 * two-factor sign-in and the active sessions.
 */
export function ProfilePage() {
  return (
    <div className="page">
      <PageHeader title="Profilul meu" />
      <ProfileForm />
      <ProfileSecurity />
    </div>
  );
}
