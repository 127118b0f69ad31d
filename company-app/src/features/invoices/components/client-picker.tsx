import { useEffect, useId, useState } from 'react';
import { Spinner, isCancelled, useListSearch } from '@dosar/shared';
import { findClients, type ClientChoice } from '../api/unsorted-invoices';

export interface ClientPickerProps {
  companyId: number;
  /** What the search starts from (the invoice's partner name). */
  initialSearch?: string;
  value: ClientChoice | null;
  onChange: (client: ClientChoice) => void;
}

/** A client of the firm found by name or CUI (the server searches; a firm may have thousands). */
export function ClientPicker({ companyId, initialSearch = '', value, onChange }: ClientPickerProps) {
  const id = useId();
  const { search, setSearch, term } = useListSearch(250);
  const [options, setOptions] = useState<ClientChoice[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (initialSearch) setSearch(initialSearch);
  }, [initialSearch, setSearch]);

  useEffect(() => {
    const controller = new AbortController();
    setOptions(null);
    setFailed(false);
    findClients(companyId, term, controller.signal).then(setOptions, (e: unknown) => {
      if (!isCancelled(e)) setFailed(true);
    });
    return () => controller.abort();
  }, [companyId, term]);

  return (
    <div className="client-picker">
      <div className="field">
        <label htmlFor={`${id}-search`}>Caută clientul (nume sau CUI)</label>
        <input
          id={`${id}-search`}
          type="search"
          className="input"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          autoComplete="off"
        />
      </div>
      {failed ? (
        <p role="alert" className="muted">
          Clienții nu au putut fi încărcați.
        </p>
      ) : options === null ? (
        <Spinner label="Se caută clienții…" block={false} />
      ) : options.length === 0 ? (
        <p className="muted">Niciun client nu se potrivește.</p>
      ) : (
        <fieldset className="plain-fieldset">
          <legend className="sr-only">Clientul</legend>
          <ul className="client-picker-options">
            {options.map((client) => (
              <li key={client.id}>
                <label>
                  <input
                    type="radio"
                    name={`${id}-client`}
                    checked={value?.id === client.id}
                    onChange={() => onChange(client)}
                  />
                  <span>{client.name}</span>
                  {client.cui ? <span className="muted">{`CUI ${client.cui}`}</span> : null}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
    </div>
  );
}
