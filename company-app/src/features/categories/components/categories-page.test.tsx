import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from '@dosar/shared';
import { mockDialogs } from '@dosar/shared/testing';
import { ok, paged, renderSignedIn } from '../../../testing/render';
import { CategoriesPage } from './categories-page';

// The delete confirm and its toast are called from inside @dosar/shared (confirmDelete): a
// jest.mock of the package would not reach them, mockDialogs does.
beforeEach(() => {
  mockDialogs().mockResolvedValue(true);
});

const set = [
  { id: 1, name: 'Facturi emise', position: 0, holding_id: null },
  { id: 2, name: 'Facturi primite', position: 1, holding_id: null },
  { id: 3, name: 'Extrase bancare', position: 2, holding_id: null },
];

function names() {
  return within(screen.getByRole('list', { name: 'Categorii, în ordinea afișării' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent ?? '');
}

afterEach(() => jest.restoreAllMocks());

describe('CategoriesPage', () => {
  it('moves a category down from the keyboard and saves the new order with updatePosition', async () => {
    jest.spyOn(http, 'get').mockResolvedValue(ok({ data: set, holding_id: null, inherited: false }));
    const post = jest.spyOn(http, 'post').mockImplementation((url: string, body?: unknown) => {
      if (url.endsWith('/holdings')) return Promise.resolve(ok(paged([]))) as never;
      if (url.endsWith('/categories/updatePosition')) return Promise.resolve(ok({ data: [] })) as never;
      return Promise.reject(new Error(`unexpected ${url} ${JSON.stringify(body)}`)) as never;
    });
    renderSignedIn(<CategoriesPage />, { route: '/company/categories' });

    const down = await screen.findByRole('button', { name: 'Mută „Facturi emise” în jos' });
    down.focus();
    // A button is pressed from the keyboard with Enter/Space, which fires click.
    fireEvent.click(down);

    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/api/company/1/categories/updatePosition', {
        holding_id: null,
        ids: [2, 1, 3],
      }),
    );
    expect(names()[0]).toContain('Facturi primite');
    expect(names()[1]).toContain('Facturi emise');
    // Focus stays on the moved row so it can be moved again.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Mută „Facturi emise” în jos' }));
    expect(screen.getByRole('status')).toHaveTextContent('„Facturi emise” este acum pe poziția 2 din 3.');

    fireEvent.click(screen.getByRole('button', { name: 'Mută „Facturi emise” în jos' }));
    await waitFor(() =>
      expect(post).toHaveBeenLastCalledWith('/api/company/1/categories/updatePosition', {
        holding_id: null,
        ids: [2, 3, 1],
      }),
    );
    // At the end of the list the focus moves to the other button instead of getting lost.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Mută „Facturi emise” în sus' }));
  });

  it('reorders by drag and drop', async () => {
    jest.spyOn(http, 'get').mockResolvedValue(ok({ data: set, holding_id: null, inherited: false }));
    const post = jest.spyOn(http, 'post').mockResolvedValue(ok({ data: [] }));
    renderSignedIn(<CategoriesPage />, { route: '/company/categories' });
    await screen.findByText('Extrase bancare');

    const items = within(screen.getByRole('list', { name: 'Categorii, în ordinea afișării' })).getAllByRole('listitem');
    fireEvent.dragStart(items[2]);
    fireEvent.dragOver(items[0]);
    fireEvent.drop(items[0]);

    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/api/company/1/categories/updatePosition', {
        holding_id: null,
        ids: [3, 1, 2],
      }),
    );
    expect(names()[0]).toContain('Extrase bancare');
  });

  it('puts the order back when the server refuses it', async () => {
    jest.spyOn(http, 'get').mockResolvedValue(ok({ data: set, holding_id: null, inherited: false }));
    jest
      .spyOn(http, 'post')
      .mockImplementation((url: string) =>
        url.endsWith('/updatePosition')
          ? (Promise.reject(new Error('refused')) as never)
          : (Promise.resolve(ok(paged([]))) as never),
      );
    renderSignedIn(<CategoriesPage />, { route: '/company/categories' });
    fireEvent.click(await screen.findByRole('button', { name: 'Mută „Facturi primite” în sus' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Ordinea nu a putut fi salvată'));
    expect(names()[0]).toContain('Facturi emise');
  });

  it('renames inline with Enter', async () => {
    jest.spyOn(http, 'get').mockResolvedValue(ok({ data: set, holding_id: null, inherited: false }));
    const post = jest
      .spyOn(http, 'post')
      .mockImplementation((url: string) =>
        url.endsWith('/categories/2/update')
          ? (Promise.resolve(ok({ data: { ...set[1], name: 'Facturi furnizori' } })) as never)
          : (Promise.resolve(ok(paged([]))) as never),
      );
    renderSignedIn(<CategoriesPage />, { route: '/company/categories' });
    fireEvent.click(await screen.findByRole('button', { name: 'Redenumește „Facturi primite”' }));
    const input = screen.getByLabelText('Numele nou pentru „Facturi primite”');
    fireEvent.change(input, { target: { value: 'Facturi furnizori' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/api/company/1/categories/2/update', { name: 'Facturi furnizori' }),
    );
    expect(await screen.findByText('Facturi furnizori')).toBeInTheDocument();
  });
});
