import { useState, type FormEvent } from 'react';
import { FormActions, Modal, TextField, errorMessage, fieldErrors, toast } from '@dosar/shared';
import { createPlan, updatePlan } from '../api/save-plan';
import type { Plan } from '../api/list-plans';

const GB = 1024 ** 3;

/** '' = unlimited. */
const limitText = (value: number | null, unit = 1): string =>
  value === null ? '' : String(Math.round((value / unit) * 100) / 100);

function parseLimit(text: string, unit = 1): number | null | 'invalid' {
  const trimmed = text.trim().replace(',', '.');
  if (!trimmed) return null;
  const n = Number(trimmed);
  if (!Number.isFinite(n) || n < 0) return 'invalid';
  return Math.round(n * unit);
}

interface Props {
  plan: Plan | null;
  audience: 'company' | 'holding';
  onClose: () => void;
  onSaved: (plan: Plan) => void;
}

/** Adds or edits a plan: name, monthly price (RON), limits (empty = unlimited), trial, active, order. */
export function PlanFormDialog({ plan, audience, onClose, onSaved }: Props) {
  const [name, setName] = useState(plan?.name ?? '');
  const [price, setPrice] = useState(plan ? String(plan.price_ron).replace('.', ',') : '');
  const [clients, setClients] = useState(limitText(plan?.max_clients ?? null));
  const [users, setUsers] = useState(limitText(plan?.max_users ?? null));
  const [storage, setStorage] = useState(limitText(plan?.max_storage_bytes ?? null, GB));
  const [isTrial, setIsTrial] = useState(plan?.is_trial ?? false);
  const [active, setActive] = useState(plan?.active ?? true);
  const [position, setPosition] = useState(String(plan?.position ?? 0));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const [saving, setSaving] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const local: Record<string, string> = {};
    const priceRon = Number(price.trim().replace(',', '.'));
    if (!name.trim()) local.name = 'Numele planului este obligatoriu.';
    if (!price.trim() || !Number.isFinite(priceRon) || priceRon < 0)
      local.price_ron = 'Prețul trebuie să fie un număr pozitiv (lei pe lună).';
    const maxClients = parseLimit(clients);
    const maxUsers = parseLimit(users);
    const maxStorage = parseLimit(storage, GB);
    if (maxClients === 'invalid' || (maxClients !== null && !Number.isInteger(Number(clients))))
      local.max_clients = 'Un număr întreg, sau gol pentru nelimitat.';
    if (maxUsers === 'invalid' || (maxUsers !== null && !Number.isInteger(Number(users))))
      local.max_users = 'Un număr întreg, sau gol pentru nelimitat.';
    if (maxStorage === 'invalid') local.max_storage_bytes = 'Un număr de GB, sau gol pentru nelimitat.';
    const order = Number(position);
    if (!Number.isInteger(order) || order < 0) local.position = 'Un număr întreg pozitiv.';
    setErrors(local);
    if (Object.keys(local).length) return;
    const body = {
      name: name.trim(),
      price_ron: Math.round(priceRon * 100) / 100,
      max_clients: maxClients as number | null,
      max_users: maxUsers as number | null,
      max_storage_bytes: maxStorage as number | null,
      is_trial: isTrial,
      active,
      position: order,
    };
    setSaving(true);
    setFormError('');
    try {
      const saved = plan ? await updatePlan(plan.id, body) : await createPlan({ ...body, audience });
      void toast.success(plan ? `Planul „${saved.name}” a fost salvat.` : `Planul „${saved.name}” a fost adăugat.`);
      onSaved(saved);
    } catch (err) {
      const fields = fieldErrors(err);
      setErrors(fields);
      if (!Object.keys(fields).length) setFormError(errorMessage(err));
      setSaving(false);
    }
  }

  const title = plan
    ? `Editează planul „${plan.name}”`
    : audience === 'company'
      ? 'Plan nou pentru companii'
      : 'Plan nou pentru holdinguri';
  return (
    <Modal title={title} onClose={onClose}>
      <form className="form" onSubmit={submit} noValidate>
        <TextField
          id="plan-name"
          label="Nume"
          required
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
        />
        <TextField
          id="plan-price"
          label="Preț lunar (lei)"
          required
          inputMode="decimal"
          value={price}
          onChange={(e) => setPrice(e.target.value)}
          error={errors.price_ron}
        />
        <TextField
          id="plan-clients"
          label="Număr maxim de clienți"
          inputMode="numeric"
          value={clients}
          onChange={(e) => setClients(e.target.value)}
          error={errors.max_clients}
          hint="Gol = nelimitat."
        />
        <TextField
          id="plan-users"
          label="Număr maxim de utilizatori"
          inputMode="numeric"
          value={users}
          onChange={(e) => setUsers(e.target.value)}
          error={errors.max_users}
          hint="Gol = nelimitat."
        />
        <TextField
          id="plan-storage"
          label="Spațiu de stocare (GB)"
          inputMode="decimal"
          value={storage}
          onChange={(e) => setStorage(e.target.value)}
          error={errors.max_storage_bytes}
          hint="Gol = nelimitat."
        />
        <TextField
          id="plan-position"
          label="Ordinea în listă"
          inputMode="numeric"
          value={position}
          onChange={(e) => setPosition(e.target.value)}
          error={errors.position}
        />
        <label style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
          <input type="checkbox" checked={isTrial} onChange={(e) => setIsTrial(e.target.checked)} />
          Plan de probă (acordat automat la înscriere, 14 zile)
        </label>
        <label style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
          <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} />
          Activ (oferit clienților)
        </label>
        {formError && (
          <p className="form-error" role="alert">
            {formError}
          </p>
        )}
        <FormActions
          busy={saving}
          busyLabel="Se salvează…"
          submitLabel="Salvează"
          onCancel={onClose}
          cancelClassName="btn"
        />
      </form>
    </Modal>
  );
}
