import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Select, type SelectOption } from './Select';

const OPTIONS: SelectOption<number>[] = [
  { value: 1, label: 'Grup Demo' },
  { value: 2, label: 'Alt Grup' },
  { value: 3, label: 'Societatea Țărănească' },
];

function Harness({ onSubmit = jest.fn() }: { onSubmit?: () => void }) {
  const [value, setValue] = useState<number | null>(null);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <label htmlFor="holding">Grup</label>
      <Select inputId="holding" options={OPTIONS} value={value} onChange={setValue} />
      <output data-testid="value">{value ?? 'none'}</output>
    </form>
  );
}

describe('Select', () => {
  it('is a labelled combobox; Enter selects the highlighted option without submitting the form', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn();
    render(<Harness onSubmit={onSubmit} />);
    const input = screen.getByRole('combobox', { name: 'Grup' });
    await user.click(input);
    expect(screen.getAllByRole('option')).toHaveLength(3);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByTestId('value')).toHaveTextContent('2');
    expect(input).toHaveValue('Alt Grup');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('filters while typing (ignoring diacritics) and Enter picks the first match', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByRole('combobox', { name: 'Grup' });
    await user.type(input, 'taran');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Societatea Țărănească']);
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('value')).toHaveTextContent('3');
  });

  it("shows 'Sorry, no matching options.' when nothing matches", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(screen.getByRole('combobox', { name: 'Grup' }), 'zzz');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText('Sorry, no matching options.')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('value')).toHaveTextContent('none');
  });

  it('selects with the mouse and closes with Escape', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByRole('combobox', { name: 'Grup' });
    await user.click(input);
    await user.click(screen.getByRole('option', { name: 'Grup Demo' }));
    expect(screen.getByTestId('value')).toHaveTextContent('1');
    await user.click(input);
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });
});
