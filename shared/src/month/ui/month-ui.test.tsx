import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ActivityEntry, ChecklistItem } from '../types';
import { ActivityList } from './ActivityList';
import { ChecklistItems, ExtraDocuments } from './ChecklistItems';
import { DueLabel } from './DueLabel';
import { daysLeftText, formatDay, periodTitle } from './format';
import { StatusBadge } from './StatusBadge';

const doc = {
  id: 501,
  name: 'Extras BT noiembrie.pdf',
  mime: 'application/pdf',
  size: 2048,
  created_at: '2026-11-20T10:05:00.000Z',
  uploaded_by_name: 'Ioana Popescu',
  review_status: 'rejected' as const,
  review_reason: 'Extras fără sold final',
  reviewed_at: '2026-11-21T09:00:00.000Z',
  reviewed_by_name: 'Maria Contabil',
};

const items: ChecklistItem[] = [
  {
    id: 1,
    requirement_id: 11,
    name: 'Extras de cont',
    details: 'RO49AAAA1B31007593840000',
    category: { id: 3, name: 'Extrase bancare' },
    frequency: 'monthly',
    status: 'rejected',
    note: null,
    reason: 'Extras fără sold final',
    documents: [doc],
  },
  {
    id: 2,
    requirement_id: 12,
    name: 'Facturi de achiziție',
    details: null,
    category: null,
    frequency: 'monthly',
    status: 'missing',
    note: null,
    reason: null,
    documents: [],
  },
  {
    id: 3,
    requirement_id: 13,
    name: 'Registru de casă',
    details: null,
    category: null,
    frequency: 'monthly',
    status: 'not_applicable',
    note: 'Firma nu are casierie în noiembrie.',
    reason: null,
    documents: [],
  },
];

describe('month texts', () => {
  it('words the month, the day and the days left in Romanian, with plurals', () => {
    expect(periodTitle('2026-11')).toBe('Noiembrie 2026');
    expect(formatDay('2026-12-05')).toBe('5 decembrie 2026');
    expect(daysLeftText(1)).toBe('1 zi rămasă');
    expect(daysLeftText(3)).toBe('3 zile rămase');
    expect(daysLeftText(20)).toBe('20 de zile rămase');
    expect(daysLeftText(0)).toBe('Ultima zi');
    expect(daysLeftText(-1)).toBe('Întârziere de 1 zi');
    expect(daysLeftText(-2)).toBe('Întârziere de 2 zile');
    expect(daysLeftText(-25)).toBe('Întârziere de 25 de zile');
  });
});

describe('StatusBadge and DueLabel', () => {
  it('reads the status label with its colour class', () => {
    render(<StatusBadge status="rejected" />);
    const label = screen.getByText('Respins');
    expect(label.parentElement).toHaveClass('badge-danger');
    expect(label.parentElement).toHaveTextContent('Stare: Respins');
  });

  it('shows the due date with the days left, or how late', () => {
    const { rerender, container } = render(<DueLabel dueDate="2026-12-05" daysLeft={3} />);
    expect(container).toHaveTextContent('Termen: 5 decembrie 2026 · 3 zile rămase');
    rerender(<DueLabel dueDate="2026-12-05" daysLeft={-2} />);
    expect(container).toHaveTextContent('Termen: 5 decembrie 2026 · Întârziere de 2 zile');
    expect(container.firstChild).toHaveClass('month-due-late');
    rerender(<DueLabel dueDate="2026-12-05" daysLeft={-2} settled />);
    expect(container).toHaveTextContent(/^Termen: 5 decembrie 2026$/);
  });
});

describe('ChecklistItems', () => {
  it('shows each item with its status, the reason of a rejection, the note and the documents', () => {
    render(<ChecklistItems items={items} label="Luna" />);
    const list = screen.getByRole('list', { name: 'Luna' });
    const rows = within(list).getAllByRole('listitem', { name: /./ });
    expect(rows.map((r) => r.getAttribute('class'))).toEqual([
      'month-item month-item-rejected',
      'month-item month-item-missing',
      'month-item month-item-not_applicable',
    ]);
    const bank = screen.getByRole('listitem', { name: 'Extras de cont' });
    expect(within(bank).getByText('Respins', { selector: '.month-status span' })).toBeInTheDocument();
    expect(within(bank).getByText('Extrase bancare · RO49AAAA1B31007593840000')).toBeInTheDocument();
    expect(within(bank).getByText('Motivul respingerii:').parentElement).toHaveTextContent(
      'Motivul respingerii: Extras fără sold final',
    );
    const docs = within(bank).getByRole('list', { name: 'Documente pentru Extras de cont' });
    expect(docs).toHaveTextContent('Extras BT noiembrie.pdf');
    expect(docs).toHaveTextContent(/Încărcat de Ioana Popescu pe 20\.11\.2026 \d\d:05/);
    expect(docs).toHaveTextContent('Verificare: Respins');
    expect(
      within(screen.getByRole('listitem', { name: 'Registru de casă' })).getByText('Notă:').parentElement,
    ).toHaveTextContent('Notă: Firma nu are casierie în noiembrie.');
    expect(
      within(screen.getByRole('listitem', { name: 'Facturi de achiziție' })).getByText('Lipsă'),
    ).toBeInTheDocument();
  });

  it('puts the caller’s actions on each item and each document', async () => {
    const onItem = jest.fn();
    const onDoc = jest.fn();
    render(
      <ChecklistItems
        items={items}
        itemActions={(item) =>
          item.status === 'not_applicable' ? null : (
            <button type="button" onClick={() => onItem(item.id)}>{`Încarcă pentru ${item.name}`}</button>
          )
        }
        documentActions={(document, item) => (
          <button type="button" onClick={() => onDoc(document.id, item.id)}>{`Acceptă ${document.name}`}</button>
        )}
      />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Încarcă pentru Facturi de achiziție' }));
    expect(onItem).toHaveBeenCalledWith(2);
    expect(screen.queryByRole('button', { name: 'Încarcă pentru Registru de casă' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Acceptă Extras BT noiembrie.pdf' }));
    expect(onDoc).toHaveBeenCalledWith(501, 1);
  });

  it('says so when the month has no item', () => {
    render(<ChecklistItems items={[]} emptyText="Nimic de trimis." />);
    expect(screen.getByText('Nimic de trimis.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});

const entry = (id: number, change: Partial<ActivityEntry> = {}): ActivityEntry => ({
  id,
  action: 'document.upload',
  label: 'a încărcat',
  created_at: '2026-11-20T10:05:00.000Z',
  actor_name: 'Ioana Popescu',
  side: 'holding',
  ip: '192.0.2.10',
  user_agent: 'Mozilla/5.0 (iPhone)',
  period: '2026-11',
  document: { id: 501, name: 'Extras BT noiembrie.pdf' },
  details: null,
  ...change,
});

describe('documents awaiting review and outside the list, as each reader reads them', () => {
  const waiting = { ...doc, id: 502, name: 'Chitanță.pdf', review_status: 'pending' as const, review_reason: null };

  it('a document awaiting review is „În verificare” for the client, „De verificat” for the firm', () => {
    const withWaiting = [{ ...items[0], status: 'uploaded' as const, documents: [waiting] }];
    const { unmount } = render(<ChecklistItems items={withWaiting} />);
    expect(screen.getByText('În verificare')).toBeInTheDocument();
    unmount();
    render(<ChecklistItems items={withWaiting} reviewing />);
    expect(screen.getByText('De verificat')).toBeInTheDocument();
    expect(screen.queryByText('În verificare')).not.toBeInTheDocument();
  });

  it('lists the month’s documents outside the list with the caller’s actions, and nothing when there are none', () => {
    const { container, unmount } = render(<ExtraDocuments documents={[]} />);
    expect(container).toBeEmptyDOMElement();
    unmount();
    render(
      <ExtraDocuments
        documents={[waiting]}
        reviewing
        documentActions={(d) => <button type="button">{`Acceptă ${d.name}`}</button>}
      />,
    );
    expect(screen.getByRole('heading', { name: 'În afara listei' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Documente în afara listei' });
    expect(within(list).getByText('Chitanță.pdf')).toBeInTheDocument();
    expect(within(list).getByText('De verificat')).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Acceptă Chitanță.pdf' })).toBeInTheDocument();
  });
});

describe('ActivityList', () => {
  it('shows when, who and on which side, what and the month; IP and browser fold away', async () => {
    render(
      <ActivityList
        entries={[
          entry(1),
          entry(2, {
            action: 'document.reject',
            label: 'a respins',
            actor_name: 'Maria Contabil',
            side: 'company',
            details: { reason: 'Extras fără sold final' },
          }),
        ]}
      />,
    );
    const rows = within(screen.getByRole('list', { name: 'Istoric' })).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Ioana Popescu (client) a încărcat „Extras BT noiembrie.pdf”');
    expect(rows[0]).toHaveTextContent('Noiembrie 2026');
    expect(rows[1]).toHaveTextContent('Maria Contabil (firma de contabilitate) a respins „Extras BT noiembrie.pdf”');
    expect(rows[1]).toHaveTextContent('Motiv: Extras fără sold final');
    const ip = within(rows[0]).getByText('192.0.2.10');
    expect(ip).not.toBeVisible();
    await userEvent.setup().click(within(rows[0]).getByText('IP și browser'));
    expect(ip).toBeVisible();
    expect(within(rows[0]).getByText('Mozilla/5.0 (iPhone)')).toBeVisible();
  });

  it('pages through the server’s pages', async () => {
    const onPage = jest.fn();
    render(<ActivityList entries={[entry(1)]} page={1} perPage={1} total={3} onPage={onPage} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Pagina 2' }));
    expect(onPage).toHaveBeenCalledWith(2);
  });

  it('says so when nothing happened yet', () => {
    render(<ActivityList entries={[]} />);
    expect(screen.getByText('Nu există încă nicio acțiune înregistrată.')).toBeInTheDocument();
  });
});
