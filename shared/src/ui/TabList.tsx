import type { KeyboardEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';

export interface TabEntry {
  /** In the address: ?{param}={id}; null for the page's default section (no parameter). */
  id: string | null;
  label: string;
}

export interface TabListProps {
  /** What the sections are of (the tablist's accessible name). */
  label: string;
  tabs: TabEntry[];
  current: string | null;
  /** Prefix of the tabs' and panels' element ids: `${idPrefix}-${id}-tab` / `-panel`. */
  idPrefix: string;
  /** The address parameter naming the section; `tab` by default. */
  param?: string;
}

const keyOf = (id: string | null) => id ?? 'default';

/** The ids a section's tab and panel share, so a TabPanel labels itself with its tab. */
export function tabIds(idPrefix: string, id: string | null): { tab: string; panel: string } {
  return { tab: `${idPrefix}-${keyOf(id)}-tab`, panel: `${idPrefix}-${keyOf(id)}-panel` };
}

/**
 * A page's sections as tabs with an address each (?tab=…, the other parameters kept), so a link,
 * the back button and a reload land on the same section. Keyboard as the ARIA tabs pattern: one tab
 * in the Tab order, the arrows move to the next section and open it.
 */
export function TabList({ label, tabs, current, idPrefix, param = 'tab' }: TabListProps) {
  const location = useLocation();
  const navigate = useNavigate();

  const searchOf = (id: string | null) => {
    const params = new URLSearchParams(location.search);
    if (id === null) params.delete(param);
    else params.set(param, id);
    const search = params.toString();
    return search ? `?${search}` : '';
  };

  const onKeyDown = (event: KeyboardEvent<HTMLAnchorElement>, index: number) => {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    if (!step) return;
    event.preventDefault();
    const next = tabs[(index + step + tabs.length) % tabs.length];
    navigate({ search: searchOf(next.id) }, { replace: true });
    document.getElementById(tabIds(idPrefix, next.id).tab)?.focus();
  };

  return (
    <div className="month-tabs" role="tablist" aria-label={label}>
      {tabs.map((entry, index) => {
        const selected = entry.id === current;
        const ids = tabIds(idPrefix, entry.id);
        return (
          <Link
            key={keyOf(entry.id)}
            id={ids.tab}
            role="tab"
            aria-selected={selected}
            aria-controls={selected ? ids.panel : undefined}
            tabIndex={selected ? 0 : -1}
            to={{ search: searchOf(entry.id) }}
            replace
            className={selected ? 'month-tab-link active' : 'month-tab-link'}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {entry.label}
          </Link>
        );
      })}
    </div>
  );
}
