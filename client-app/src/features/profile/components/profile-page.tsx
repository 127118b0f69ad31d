import { ProfileForm } from '@dosar/shared';

/** The signed-in user's own profile: name, e-mail, password (POST /api/users/{id}/update). */
export function ProfilePage() {
  return (
    <div className="page">
      <div className="page-header">
        <h1>Profilul meu</h1>
      </div>
      <ProfileForm />
    </div>
  );
}
