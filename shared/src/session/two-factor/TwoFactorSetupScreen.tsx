import { useState } from 'react';
import { useDispatch } from 'react-redux';
import { useCurrentUser } from '../hooks';
import { userUpdated } from '../session-slice';
import { RecoveryCodesPanel } from './RecoveryCodesPanel';
import { TwoFactorEnableFlow } from './TwoFactorEnableFlow';

export const TWO_FACTOR_SETUP_TITLE = 'Firma ta cere autentificarea în doi pași';

/**
 * What an area shows instead of its pages while the user's firm requires two-factor sign-in
 * and the user has not turned it on: the enable flow, then the recovery codes, then the area.
 */
export function TwoFactorSetupScreen() {
  const user = useCurrentUser();
  const dispatch = useDispatch();
  const [codes, setCodes] = useState<string[] | null>(null);
  if (!user) return null;

  return (
    <div className="page two-factor-gate">
      <div className="page-header">
        <h1>{TWO_FACTOR_SETUP_TITLE}</h1>
      </div>
      <section className="card" aria-labelledby="two-factor-gate-step">
        <h2 id="two-factor-gate-step">{codes ? 'Autentificarea în doi pași este activă' : 'Activează-o acum'}</h2>
        {codes ? (
          <RecoveryCodesPanel
            codes={codes}
            doneLabel="Am salvat codurile, continuă"
            onDone={() => dispatch(userUpdated({ ...user, two_factor_enabled: true }))}
          />
        ) : (
          <>
            <p>
              Pentru a-ți folosi contul, protejează-l cu un al doilea pas la autentificare: pe lângă parolă, un cod de 6
              cifre din aplicația de autentificare de pe telefon. Durează un minut.
            </p>
            <TwoFactorEnableFlow idPrefix="gate-two-factor" onEnabled={setCodes} />
          </>
        )}
      </section>
    </div>
  );
}
