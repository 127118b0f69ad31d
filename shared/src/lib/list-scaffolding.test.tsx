import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { mockDialogs } from '../testing';
import { toast } from '../ui/toast';
import { ListStates, type ListRequest } from '../ui/ListStates';
import { ListTable } from '../ui/ListTable';
import { SortHeader } from '../ui/SortHeader';
import { confirmDelete } from './confirm-delete';
import { useListState } from './use-list-search';

afterEach(() => jest.restoreAllMocks());

function SortProbe() {
  const { sort, setSort, page, setPage } = useListState<'name' | 'created_at'>({ sort: 'name', direction: 'asc' });
  return (
    <>
      <table>
        <thead>
          <tr>
            <SortHeader label="Nume" column="name" state={sort} onSort={setSort} />
          </tr>
        </thead>
      </table>
      <button type="button" onClick={() => setPage(4)}>
        Pagina 4
      </button>
      <p data-testid="state">{`${sort.sort} ${sort.direction} ${page}`}</p>
    </>
  );
}

describe('useListState', () => {
  it('goes back to the first page when the order changes', () => {
    render(<SortProbe />);
    fireEvent.click(screen.getByRole('button', { name: 'Pagina 4' }));
    expect(screen.getByTestId('state')).toHaveTextContent('name asc 4');
    fireEvent.click(screen.getByRole('button', { name: /Nume/ }));
    expect(screen.getByTestId('state')).toHaveTextContent('name desc 1');
  });
});

describe('confirmDelete', () => {
  it('calls nothing when the user says no', async () => {
    const confirm = mockDialogs();
    const run = jest.fn();
    await expect(confirmDelete({ title: 'Ștergi?', run, success: 'Șters.' })).resolves.toBe(false);
    expect(confirm).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Ștergi?',
        confirmButtonText: 'Șterge',
        cancelButtonText: 'Renunță',
        danger: true,
      }),
    );
    expect(run).not.toHaveBeenCalled();
  });

  it("toasts the server's message (or the fallback), then reports done; busy around the call", async () => {
    mockDialogs().mockResolvedValue(true);
    const busy = jest.fn();
    const onDone = jest.fn();
    await confirmDelete({
      title: 'Ștergi?',
      run: async () => ({ message: 'Gata.' }),
      success: 'Șters.',
      onDone,
      onBusy: busy,
    });
    expect(toast.success).toHaveBeenCalledWith('Gata.');
    expect(onDone).toHaveBeenCalledWith({ message: 'Gata.' });
    expect(busy.mock.calls).toEqual([[true], [false]]);
    await confirmDelete({ title: 'Ștergi?', run: async () => undefined, success: 'Șters.' });
    expect(toast.success).toHaveBeenLastCalledWith('Șters.');
  });

  it('hands a failure to onError, without a success toast', async () => {
    mockDialogs().mockResolvedValue(true);
    const onError = jest.fn();
    const failure = new Error('422');
    await expect(
      confirmDelete({ title: 'Ștergi?', run: () => Promise.reject(failure), success: 'Șters.', onError }),
    ).resolves.toBe(false);
    expect(onError).toHaveBeenCalledWith(failure);
    expect(toast.success).not.toHaveBeenCalled();
  });
});

type Rows = { data: string[] };
const request = (over: Partial<ListRequest<Rows>>): ListRequest<Rows> => ({
  data: undefined,
  error: null,
  loading: false,
  reload: jest.fn(),
  ...over,
});
const renderList = (list: ListRequest<Rows>, keepRowsOnError = false) =>
  render(
    <ListStates list={list} errorText="Nu s-a putut." empty="Nimic." keepRowsOnError={keepRowsOnError}>
      {(rows) => (
        <ul>
          {rows.map((row) => (
            <li key={row}>{row}</li>
          ))}
        </ul>
      )}
    </ListStates>,
  );

describe('ListStates', () => {
  it('shows a spinner, then the rows, or the empty state', () => {
    const { rerender } = renderList(request({ loading: true }));
    expect(screen.getByRole('status')).toBeInTheDocument();
    rerender(
      <ListStates list={request({ data: { data: ['a'] } })} errorText="Nu s-a putut." empty="Nimic.">
        {(rows) => (
          <ul>
            {rows.map((row) => (
              <li key={row}>{row}</li>
            ))}
          </ul>
        )}
      </ListStates>,
    );
    expect(screen.getByRole('listitem')).toHaveTextContent('a');
    rerender(
      <ListStates list={request({ data: { data: [] } })} errorText="Nu s-a putut." empty="Nimic.">
        {() => null}
      </ListStates>,
    );
    expect(screen.getByText('Nimic.')).toBeInTheDocument();
  });

  it('an error replaces the rows, unless they are kept; retry reloads', async () => {
    const failed = request({ data: { data: ['a'] }, error: new Error('x') });
    const { unmount } = renderList(failed);
    fireEvent.click(screen.getByRole('button', { name: 'Reîncearcă' }));
    await waitFor(() => expect(failed.reload).toHaveBeenCalled());
    expect(screen.getByRole('alert')).toHaveTextContent('Nu s-a putut.');
    unmount();
    renderList(failed, true);
    expect(screen.getByRole('listitem')).toHaveTextContent('a');
  });
});

describe('ListTable', () => {
  const answer = { data: ['Ana', 'Ion'], meta: { page: 1, per_page: 1, total: 2 } };
  const renderTable = (pagerInside: boolean) =>
    render(
      <ListTable
        list={{ data: answer, error: null, loading: false, reload: jest.fn() }}
        errorText="Nu s-a putut."
        empty="Nimic."
        className="card table-wrap"
        caption="Oameni"
        head={<th scope="col">Nume</th>}
        onPage={jest.fn()}
        pagerInside={pagerInside}
        row={(name) => (
          <tr key={name}>
            <td>{name}</td>
          </tr>
        )}
      />,
    );

  it('puts the pager inside a table that is its own card, or after the table', () => {
    const { container, unmount } = renderTable(true);
    expect(screen.getByRole('table', { name: 'Oameni' })).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(3);
    expect(container.querySelector('.table-wrap nav.pagination')).not.toBeNull();
    unmount();
    const after = renderTable(false);
    expect(after.container.querySelector('.table-wrap nav.pagination')).toBeNull();
    expect(screen.getByRole('navigation', { name: 'Paginare' })).toBeInTheDocument();
  });
});
