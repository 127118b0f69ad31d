import { SessionsSection } from './sessions/SessionsSection';
import { TwoFactorSection } from './two-factor/TwoFactorSection';

/** The profile's security cards: two-factor sign-in and the active sessions. */
export function ProfileSecurity() {
  return (
    <div className="grid profile-grid">
      <TwoFactorSection />
      <SessionsSection />
    </div>
  );
}
