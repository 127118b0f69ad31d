import { useState } from 'react';
import { useDispatch } from 'react-redux';
import { confirmDialog } from '../../ui/confirm-dialog';
import { toast } from '../../ui/toast';
import { disableTwoFactor, regenerateRecoveryCodes, type SecondFactorProof } from '../api/two-factor';
import { useCurrentUser } from '../hooks';
import { userUpdated } from '../session-slice';
import { PasswordStep } from './PasswordStep';
import { RecoveryCodesPanel } from './RecoveryCodesPanel';
import { TwoFactorEnableFlow } from './TwoFactorEnableFlow';

type Mode = 'idle' | 'enable' | 'disable' | 'regenerate';

/** The profile's „Autentificare în doi pași" card: status, turn on, new recovery codes, turn off. */
export function TwoFactorSection() {
  const user = useCurrentUser();
  const dispatch = useDispatch();
  const [mode, setMode] = useState<Mode>('idle');
  const [codes, setCodes] = useState<string[] | null>(null);
  if (!user) return null;
  const enabled = user.two_factor_enabled === true;

  const showCodes = (next: string[]): void => {
    setCodes(next);
    setMode('idle');
  };

  const disable = async (password: string, proof?: SecondFactorProof): Promise<void> => {
    const confirmed = await confirmDialog({
      title: 'Dezactivezi autentificarea în doi pași?',
      text: 'La autentificare nu ți se va mai cere codul din aplicație. Contul va fi protejat doar de parolă.',
      confirmButtonText: 'Dezactivează',
      cancelButtonText: 'Renunță',
      danger: true,
    });
    if (!confirmed) return;
    const answer = await disableTwoFactor(password, proof ?? { code: '' });
    dispatch(userUpdated({ ...user, two_factor_enabled: false }));
    setMode('idle');
    void toast.success(answer.message || 'Autentificarea în doi pași a fost dezactivată.');
  };

  let body;
  if (codes) {
    body = <RecoveryCodesPanel codes={codes} onDone={() => setCodes(null)} />;
  } else if (mode === 'enable') {
    body = (
      <TwoFactorEnableFlow
        idPrefix="profile-two-factor"
        onCancel={() => setMode('idle')}
        onEnabled={(next) => {
          dispatch(userUpdated({ ...user, two_factor_enabled: true }));
          void toast.success('Autentificarea în doi pași este activă.');
          showCodes(next);
        }}
      />
    );
  } else if (mode === 'disable') {
    body = (
      <PasswordStep
        idPrefix="profile-two-factor-disable"
        intro="Confirmă cu parola contului și cu un cod din aplicația de autentificare (sau un cod de rezervă)."
        askSecondFactor
        submitLabel="Dezactivează"
        busyLabel="Se dezactivează…"
        onSubmit={disable}
        onCancel={() => setMode('idle')}
      />
    );
  } else if (mode === 'regenerate') {
    body = (
      <PasswordStep
        idPrefix="profile-two-factor-codes"
        intro="Codurile de rezervă vechi nu vor mai funcționa. Confirmă cu parola contului și cu un cod din aplicație (sau un cod de rezervă)."
        askSecondFactor
        submitLabel="Generează coduri noi"
        busyLabel="Se generează…"
        onSubmit={async (password, proof) =>
          showCodes((await regenerateRecoveryCodes(password, proof ?? { code: '' })).recovery_codes)
        }
        onCancel={() => setMode('idle')}
      />
    );
  } else {
    body = enabled ? (
      <div className="form-actions">
        <button type="button" className="btn" onClick={() => setMode('regenerate')}>
          Generează coduri de rezervă noi
        </button>
        <button type="button" className="btn btn-danger" onClick={() => setMode('disable')}>
          Dezactivează
        </button>
      </div>
    ) : (
      <div className="form-actions">
        <button type="button" className="btn btn-primary" onClick={() => setMode('enable')}>
          Activează autentificarea în doi pași
        </button>
      </div>
    );
  }

  return (
    <section className="card" aria-labelledby="profile-two-factor-title">
      <h2 id="profile-two-factor-title">Autentificare în doi pași</h2>
      <p className="two-factor-status">
        Stare:{' '}
        {enabled ? (
          <span className="badge badge-success">Activă</span>
        ) : (
          <span className="badge badge-muted">Inactivă</span>
        )}
      </p>
      <p className="muted">
        {enabled
          ? 'La autentificare îți cerem, pe lângă parolă, codul din aplicația de autentificare de pe telefon.'
          : 'Pe lângă parolă, la autentificare îți cerem un cod din aplicația de autentificare de pe telefon.'}
        {user.two_factor_required ? ' Firma ta cere autentificarea în doi pași pentru toți utilizatorii.' : ''}
      </p>
      {body}
    </section>
  );
}
