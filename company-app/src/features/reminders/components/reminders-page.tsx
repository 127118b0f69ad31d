import { useEffect, useId, useState, type FormEvent } from 'react';
import {
  SwitchRow,
  ErrorState,
  FieldShell,
  FormActions,
  PageHeader,
  Spinner,
  TextField,
  countOf,
  errorMessage,
  fieldErrors,
  formatDate,
  formatPeriod,
  toast,
  useRequest,
} from '@dosar/shared';
import { useCompanyId } from '../../../lib/company-api';
import {
  getReminderSettings,
  previewReminders,
  updateReminderSettings,
  type ReminderPreview,
  type ReminderSettings,
} from '../api/reminders';
import { MAX_STEPS, draftOf, parseSteps, stepLabel, type StepDraft } from './steps';

const capitalized = (text: string): string => text.charAt(0).toLocaleUpperCase('ro-RO') + text.slice(1);

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const hourLabel = (hour: number): string => `${String(hour).padStart(2, '0')}:00`;

type Errors = Partial<Record<'due_day' | 'steps' | 'hour' | 'form', string>>;

/**
 * /company/reminders „Memento-uri” (role 2): whether the firm e-mails its clients what they still owe,
 * on which days around the due date and at what hour; and, for a chosen day, who would get one and for
 * what (nothing is sent by the preview).
 */
export function RemindersPage() {
  const companyId = useCompanyId();
  const settings = useRequest((signal) => getReminderSettings(companyId, signal), [companyId], companyId > 0);

  let body;
  if (settings.error && !settings.data)
    body = (
      <ErrorState
        message={errorMessage(settings.error, 'Setările memento-urilor nu au putut fi încărcate.')}
        onRetry={settings.reload}
      />
    );
  else if (!settings.data) body = <Spinner label="Se încarcă setările…" />;
  else
    body = (
      <>
        <RemindersForm companyId={companyId} initial={settings.data} onSaved={settings.setData} />
        <RemindersPreview companyId={companyId} />
      </>
    );

  return (
    <div className="page">
      <PageHeader title="Memento-uri" />
      <p className="muted">
        Dosar le scrie clienților ce documente mai au de trimis pentru luna trecută, în zilele alese în jurul
        termenului. Un client anume îl oprești din pagina lui.
      </p>
      {body}
    </div>
  );
}

function RemindersForm({
  companyId,
  initial,
  onSaved,
}: {
  companyId: number;
  initial: ReminderSettings;
  onSaved: (settings: ReminderSettings) => void;
}) {
  const id = useId();
  const [enabled, setEnabled] = useState(initial.enabled);
  const [dueDay, setDueDay] = useState(String(initial.due_day));
  const [drafts, setDrafts] = useState<StepDraft[]>(initial.steps.map(draftOf));
  const [hour, setHour] = useState(initial.hour);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const change = (index: number, draft: Partial<StepDraft>) =>
    setDrafts((list) => list.map((d, i) => (i === index ? { ...d, ...draft } : d)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    const day = Number(dueDay);
    if (dueDay.trim() === '' || !Number.isInteger(day) || day < 1 || day > 31)
      found.due_day = 'Ziua termenului este între 1 și 31.';
    const parsed = parseSteps(drafts);
    if ('error' in parsed) found.steps = parsed.error;
    setErrors(found);
    if (Object.keys(found).length || 'error' in parsed) return;
    setBusy(true);
    try {
      const answer = await updateReminderSettings(companyId, { enabled, due_day: day, steps: parsed.steps, hour });
      setDrafts(answer.data.steps.map(draftOf));
      onSaved(answer.data);
      void toast.success(answer.message || 'Setările memento-urilor au fost salvate.');
    } catch (err) {
      const fields = fieldErrors(err);
      setErrors({
        due_day: fields.due_day,
        steps: fields.steps ?? Object.entries(fields).find(([k]) => k.startsWith('steps'))?.[1],
        hour: fields.hour,
        form: Object.keys(fields).length ? undefined : errorMessage(err, 'Setările nu au putut fi salvate.'),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card form" aria-label="Setările memento-urilor" onSubmit={(e) => void submit(e)} noValidate>
      <SwitchRow id={`${id}-enabled`} label="Trimite memento-uri clienților" checked={enabled} onChange={setEnabled} />
      <div className="form-row">
        <TextField
          label="Ziua termenului"
          type="number"
          inputMode="numeric"
          min={1}
          max={31}
          hint="Ziua lunii următoare până la care clienții trimit documentele (mutată pe prima zi lucrătoare)."
          value={dueDay}
          error={errors.due_day}
          onChange={(e) => setDueDay(e.target.value)}
        />
        <FieldShell id={`${id}-hour`} label="Ora trimiterii" error={errors.hour} hint="Ora României.">
          <select
            id={`${id}-hour`}
            className="input"
            value={hour}
            aria-describedby={`${id}-hour-hint`}
            onChange={(e) => setHour(Number(e.target.value))}
          >
            {HOURS.map((h) => (
              <option key={h} value={h}>
                {hourLabel(h)}
              </option>
            ))}
          </select>
        </FieldShell>
      </div>
      <fieldset className="choice-list" aria-describedby={errors.steps ? `${id}-steps-error` : undefined}>
        <legend className="field-label">Când pleacă memento-urile</legend>
        <ul className="month-activity-list">
          {drafts.map((draft, index) => {
            const parsed = parseSteps([draft]);
            const said = 'steps' in parsed ? stepLabel(parsed.steps[0]) : null;
            return (
              <li
                key={index}
                className="switch-row"
                style={{ flexWrap: 'wrap', alignItems: 'center', padding: '4px 0' }}
              >
                <span className="sr-only">{`Memento-ul ${index + 1}${said ? `: ${said}` : ''}`}</span>
                {draft.when !== 'on' ? (
                  <input
                    className="input"
                    style={{ width: '5.5rem' }}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    aria-label={`Zile, memento-ul ${index + 1}`}
                    value={draft.days}
                    onChange={(e) => change(index, { days: e.target.value })}
                  />
                ) : null}
                <select
                  className="input"
                  style={{ width: 'auto', maxWidth: '100%' }}
                  aria-label={`Când, memento-ul ${index + 1}`}
                  value={draft.when}
                  onChange={(e) =>
                    change(index, {
                      when: e.target.value as StepDraft['when'],
                      days: e.target.value === 'on' ? '0' : draft.days === '0' ? '3' : draft.days,
                    })
                  }
                >
                  <option value="before">
                    {draft.when === 'before' ? 'zile înainte de termen' : 'înainte de termen'}
                  </option>
                  <option value="on">în ziua scadenței</option>
                  <option value="after">{draft.when === 'after' ? 'zile după termen' : 'după termen'}</option>
                </select>
                <span className="muted" aria-hidden="true">
                  {said ? `(${said})` : ''}
                </span>
                <button
                  type="button"
                  className="btn btn-ghost"
                  aria-label={`Șterge memento-ul ${index + 1}${said ? ` (${said})` : ''}`}
                  onClick={() => setDrafts((list) => list.filter((_, i) => i !== index))}
                >
                  Șterge
                </button>
              </li>
            );
          })}
        </ul>
        {drafts.length < MAX_STEPS ? (
          <button
            type="button"
            className="btn"
            onClick={() => setDrafts((list) => [...list, { days: '3', when: 'after' }])}
          >
            Adaugă un memento
          </button>
        ) : null}
        {errors.steps ? (
          <p id={`${id}-steps-error`} className="field-error" role="alert">
            {errors.steps}
          </p>
        ) : null}
      </fieldset>
      {errors.form ? (
        <p className="form-error" role="alert">
          {errors.form}
        </p>
      ) : null}
      <FormActions busy={busy} busyLabel="Se salvează…" submitLabel="Salvează" />
    </form>
  );
}

const today = (): string => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

/** For a chosen day: which clients would be reminded, who receives it, what it lists. Sends nothing. */
function RemindersPreview({ companyId }: { companyId: number }) {
  const id = useId();
  const [date, setDate] = useState(today);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<ReminderPreview | null>(null);

  useEffect(() => setPreview(null), [date]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) {
      setError('Alege o zi.');
      return;
    }
    setBusy(true);
    try {
      setPreview(await previewReminders(companyId, date));
      setError(undefined);
    } catch (err) {
      setError(fieldErrors(err).date ?? errorMessage(err, 'Previzualizarea nu a putut fi făcută.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Previzualizare</h2>
      <p className="muted">Vezi cine ar primi un memento într-o zi anume și pentru ce. Nu se trimite nimic.</p>
      <form className="form" aria-label="Previzualizează memento-urile" onSubmit={(e) => void submit(e)} noValidate>
        <TextField label="Ziua" type="date" value={date} error={error} onChange={(e) => setDate(e.target.value)} />
        <FormActions busy={busy} busyLabel="Se calculează…" submitLabel="Previzualizează" />
      </form>
      {preview ? <PreviewResult preview={preview} /> : null}
    </section>
  );
}

function PreviewResult({ preview }: { preview: ReminderPreview }) {
  const day = formatDate(preview.date);
  if (preview.data.length === 0)
    return (
      <p role="status">
        {`Pe ${day} nu pleacă niciun memento.`}
        {preview.enabled ? '' : ' Memento-urile sunt oprite.'}
      </p>
    );
  return (
    <div role="status">
      <p>
        {`Pe ${day}, la ${hourLabel(preview.hour)}: ${countOf(preview.clients, 'client', 'clienți')}, ${countOf(
          preview.messages,
          'e-mail',
          'e-mailuri',
        )}.`}
        {preview.enabled ? '' : ' Memento-urile sunt oprite acum: nu ar pleca până nu le pornești.'}
      </p>
      <ul className="month-activity-list">
        {preview.data.map((plan) => (
          <li key={plan.client.id} className="month-activity-row" style={{ display: 'block' }}>
            <p className="month-activity-what">
              <strong>{plan.client.name}</strong>
              {plan.steps.length ? ` — ${plan.steps.map((s) => stepLabel(s.step)).join(', ')}` : ''}
            </p>
            <p className="month-activity-detail muted">
              {plan.recipients.length
                ? `Către: ${plan.recipients.map((r) => (r.name ? `${r.name} <${r.email}>` : r.email)).join(', ')}`
                : 'Nimeni nu l-ar primi: clientul nu are o adresă de e-mail.'}
            </p>
            {plan.months.map((month) => (
              <p key={month.period} className="month-activity-detail">
                {`${capitalized(formatPeriod(month.period))} (termen ${formatDate(month.due_date)}): `}
                {month.items.map((item) => `${item.name}${item.status === 'rejected' ? ' (respins)' : ''}`).join(', ')}
              </p>
            ))}
          </li>
        ))}
      </ul>
      {preview.clients > preview.data.length ? (
        <p className="muted">{`Și încă ${countOf(preview.clients - preview.data.length, 'client', 'clienți')}.`}</p>
      ) : null}
    </div>
  );
}
