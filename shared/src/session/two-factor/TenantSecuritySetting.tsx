import { useState } from 'react';
import { useRequest } from '../../lib/use-request';
import { confirmDialog } from '../../ui/confirm-dialog';
import { ErrorState } from '../../ui/ErrorState';
import { Spinner } from '../../ui/Spinner';
import { SwitchRow } from '../../ui/SwitchRow';
import { toast } from '../../ui/toast';
import { getTenantSecurity, updateTenantSecurity } from '../api/tenant-security';
import { useCurrentUser } from '../hooks';

export interface TenantSecuritySettingProps {
  /** /api/company/{id} (role 2) or /api/holding/{id} (role 4). */
  apiBase: string;
}

/** "1 utilizator nu a activat-o încă", "3 utilizatori…", "20 de utilizatori…" (Romanian plural). */
export function usersWithoutTwoFactor(count: number): string {
  if (count === 0) return 'Toți utilizatorii au activat-o.';
  if (count === 1) return 'Un utilizator nu a activat-o încă.';
  const rest = count % 100;
  const noun = rest === 0 || rest >= 20 ? 'de utilizatori' : 'utilizatori';
  return `${count} ${noun} nu au activat-o încă.`;
}

export const REQUIRE_TWO_FACTOR_LABEL = 'Cere autentificarea în doi pași pentru toți utilizatorii';

/** The owner's switch: every user of the company (or holding) must use two-factor sign-in. */
export function TenantSecuritySetting({ apiBase }: TenantSecuritySettingProps) {
  const user = useCurrentUser();
  const security = useRequest((signal) => getTenantSecurity(apiBase, signal), [apiBase]);
  const [saving, setSaving] = useState(false);
  const ownEnabled = user?.two_factor_enabled === true;
  const current = security.data;

  const change = async (next: boolean): Promise<void> => {
    if (!current) return;
    if (next) {
      const confirmed = await confirmDialog({
        title: 'Ceri autentificarea în doi pași?',
        text:
          current.users_without_two_factor > 0
            ? `${usersWithoutTwoFactor(current.users_without_two_factor)} La următoarea folosire a contului li se va cere să o configureze înainte de orice altceva.`
            : 'Toți utilizatorii o au deja activă; cei noi o vor configura la prima autentificare.',
        confirmButtonText: 'Cere autentificarea în doi pași',
        cancelButtonText: 'Renunță',
        icon: 'question',
      });
      if (!confirmed) return;
    }
    setSaving(true);
    try {
      security.setData(await updateTenantSecurity(apiBase, next));
      void toast.success(
        next ? 'Autentificarea în doi pași este obligatorie.' : 'Autentificarea în doi pași nu mai este obligatorie.',
      );
    } catch {
      /* the shared client already showed the refusal */
    } finally {
      setSaving(false);
    }
  };

  let body;
  if (security.loading && !current) body = <Spinner label="Se încarcă setarea…" block={false} />;
  else if (security.error || !current)
    body = <ErrorState message="Setarea nu a putut fi încărcată." onRetry={security.reload} />;
  else {
    const lockedOff = !current.require_two_factor && !ownEnabled;
    body = (
      <>
        <SwitchRow
          id="tenant-require-two-factor"
          label={REQUIRE_TWO_FACTOR_LABEL}
          checked={current.require_two_factor}
          describedBy="tenant-require-two-factor-hint"
          disabled={saving || lockedOff}
          onChange={(checked) => void change(checked)}
        />
        <p className="field-hint" id="tenant-require-two-factor-hint">
          {lockedOff
            ? 'Activează mai întâi autentificarea în doi pași pentru contul tău (mai sus), apoi o poți cere tuturor.'
            : usersWithoutTwoFactor(current.users_without_two_factor)}
        </p>
      </>
    );
  }

  return (
    <section className="card" aria-labelledby="tenant-security-title">
      <h2 id="tenant-security-title">Securitatea conturilor</h2>
      <p className="muted">
        Când este cerută, fiecare utilizator trebuie să-și activeze autentificarea în doi pași înainte de a lucra în
        cont.
      </p>
      {body}
    </section>
  );
}
