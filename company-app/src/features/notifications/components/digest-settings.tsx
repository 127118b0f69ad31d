import { useEffect, useId, useState, type FormEvent } from 'react';
import { ErrorState, FieldShell, FormActions, Spinner, SwitchRow, fieldErrors, toast, useRequest } from '@dosar/shared';
import { getDigestSettings, updateDigestSettings } from '../api/notifications';

export const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
export const hourLabel = (hour: number): string => `${String(hour).padStart(2, '0')}:00`;

/**
 * The signed-in user's own daily digest by e-mail: on or off, and its hour (Romanian time). Each person
 * of the firm chooses for themselves.
 */
export function DigestSettings({ companyId }: { companyId: number }) {
  const id = useId();
  const settings = useRequest((signal) => getDigestSettings(companyId, signal), [companyId], companyId > 0);
  const [on, setOn] = useState(true);
  const [hour, setHour] = useState(8);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!settings.data) return;
    setOn(settings.data.daily_digest);
    setHour(settings.data.hour);
  }, [settings.data]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!Number.isInteger(hour) || hour < 0 || hour > 23) {
      setError('Alege o oră între 00:00 și 23:00.');
      return;
    }
    setBusy(true);
    try {
      const saved = await updateDigestSettings(companyId, { daily_digest: on, hour });
      setError(undefined);
      settings.setData(saved);
      void toast.success(
        saved.daily_digest
          ? `Vei primi rezumatul zilnic la ${hourLabel(saved.hour)}.`
          : 'Nu vei mai primi rezumatul zilnic pe e-mail.',
      );
    } catch (err) {
      setError(fieldErrors(err).hour ?? fieldErrors(err).daily_digest);
    } finally {
      setBusy(false);
    }
  };

  let body;
  if (settings.error && !settings.data)
    body = <ErrorState message="Setarea nu a putut fi încărcată." onRetry={settings.reload} />;
  else if (!settings.data) body = <Spinner label="Se încarcă setarea…" block={false} />;
  else
    body = (
      <form className="form" aria-label="Rezumatul zilnic" onSubmit={(e) => void submit(e)} noValidate>
        <SwitchRow id={`${id}-on`} label="Trimite-mi rezumatul zilnic pe e-mail" checked={on} onChange={setOn} />
        <FieldShell
          id={`${id}-hour`}
          label="Ora rezumatului"
          error={error}
          hint="Ora României. Fără noutăți, nu primești nimic."
        >
          <select
            id={`${id}-hour`}
            className="input"
            value={hour}
            disabled={!on}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-hour-hint${error ? ` ${id}-hour-error` : ''}`}
            onChange={(e) => setHour(Number(e.target.value))}
          >
            {HOURS.map((h) => (
              <option key={h} value={h}>
                {hourLabel(h)}
              </option>
            ))}
          </select>
        </FieldShell>
        <FormActions busy={busy} busyLabel="Se salvează…" submitLabel="Salvează" />
      </form>
    );

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Rezumatul zilnic</h2>
      <p className="muted">
        O dată pe zi, un e-mail cu documentele noi de verificat, clienții care au apăsat „Am terminat” și cei care au
        depășit termenul.
      </p>
      {body}
    </section>
  );
}
