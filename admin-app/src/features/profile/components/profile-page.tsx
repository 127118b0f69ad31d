import { PageHeader, ProfileForm } from '@dosar/shared';

/** The signed-in user's own profile: name, e-mail, password (POST /api/users/{id}/update). */
export function ProfilePage() {
  return (
    <div className="page">
      <PageHeader title="Profilul meu" />
      <ProfileForm />
    </div>
  );
}
