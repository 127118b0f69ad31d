import { act, fireEvent, render, screen } from '@testing-library/react';
import { SearchField } from '../ui/SearchField';
import { useListSearch } from './use-list-search';

function Probe() {
  const { search, setSearch, term, page, setPage } = useListSearch(200);
  return (
    <>
      <SearchField label="Caută utilizator" value={search} onChange={setSearch} />
      <button type="button" onClick={() => setPage(3)}>
        Pagina 3
      </button>
      <p data-testid="state">{`${term}|${page}`}</p>
    </>
  );
}

describe('useListSearch with SearchField', () => {
  it('asks with the trimmed term once typing pauses and goes back to the first page', () => {
    jest.useFakeTimers();
    render(<Probe />);
    expect(screen.getByRole('search')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Pagina 3' }));
    expect(screen.getByTestId('state')).toHaveTextContent('|3');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Caută utilizator' }), { target: { value: ' ana ' } });
    expect(screen.getByTestId('state')).toHaveTextContent('|1');
    act(() => {
      jest.advanceTimersByTime(200);
    });
    expect(screen.getByTestId('state')).toHaveTextContent('ana|1');
    jest.useRealTimers();
  });
});
