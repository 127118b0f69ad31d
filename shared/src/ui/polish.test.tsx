import { render, screen } from '@testing-library/react';
import { statusCountsText } from '../month/labels';
import { EmptyState } from './EmptyState';
import { Spinner } from './Spinner';

const none = { missing: 0, uploaded: 0, accepted: 0, rejected: 0, not_applicable: 0 };

describe('Romanian counts of a month’s items', () => {
  test.each([
    [{ ...none, uploaded: 1 }, '1 document încărcat'],
    [{ ...none, uploaded: 4 }, '4 documente încărcate'],
    [{ ...none, uploaded: 20 }, '20 de documente încărcate'],
    [{ ...none, missing: 2 }, '2 lipsă'],
    [{ ...none, missing: 2, accepted: 21, rejected: 1 }, '2 lipsă · 21 de documente acceptate · 1 document respins'],
    [{ ...none, not_applicable: 3 }, '3 nu se aplică'],
  ])('%o → %s', (counts, text) => {
    expect(statusCountsText(counts)).toBe(text);
  });
});

describe('an empty list', () => {
  it('says it is empty and what to do, and looks nothing like loading', () => {
    render(
      <>
        <EmptyState title="Nicio plată încă">Plățile apar aici după ce este ales un plan plătit.</EmptyState>
        <Spinner label="Se încarcă plățile…" />
      </>,
    );
    const empty = screen.getByText('Nicio plată încă').closest('.empty-state') as HTMLElement;
    expect(empty).toHaveTextContent('Nicio plată încăPlățile apar aici după ce este ales un plan plătit.');
    // Only the spinner announces a wait; the empty state has no ring, dots or status role of its own.
    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(empty).not.toHaveTextContent(/[◌○◯…]|Se încarcă/);
    expect(empty.querySelector('.spinner')).toBeNull();
  });
});
