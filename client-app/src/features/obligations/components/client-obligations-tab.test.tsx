import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from '@dosar/shared';
import { axiosResponse } from '@dosar/shared/testing';
import { ok, renderWithSession } from '../../../testing/render';
import type { Obligation } from '../api/client-obligations';
import { ClientObligationsTab } from './client-obligations-tab';

// The client's „Declarații” tab: its declarations with due dates, statuses and receipts, read only.

afterEach(() => jest.restoreAllMocks());

const CLIENT = '/api/holding/1/clients/7';

const obligation = (o: Partial<Obligation> & Pick<Obligation, 'code'>): Obligation => ({
  name: `Declarația ${o.code}`,
  period: '2026-11',
  period_label: 'Noiembrie 2026',
  frequency: 'monthly',
  due_date: '2026-12-28',
  status: 'due',
  filed_at: null,
  receipt: null,
  ...o,
});

describe('ClientObligationsTab', () => {
  it('lists the declarations, newest due first, with the receipt of a filed one to download', async () => {
    const post = jest.spyOn(http, 'post').mockImplementation((url: string) => {
      if (url === `${CLIENT}/obligations`)
        return Promise.resolve(
          ok({
            fiscal_profile: { vat: 'monthly', employer: 'no', tax: 'micro', saft: 'none' },
            data: [
              obligation({
                code: 'D300',
                period: '2026-10',
                period_label: 'Octombrie 2026',
                due_date: '2026-11-25',
                status: 'filed',
                filed_at: '2026-11-20T10:00:00Z',
                receipt: { id: 51, name: 'recipisa-d300.pdf' },
              }),
              obligation({
                code: 'D394',
                period: '2026-10',
                period_label: 'Octombrie 2026',
                due_date: '2026-12-02',
                status: 'late',
              }),
              obligation({ code: 'D300' }),
            ],
          }),
        ) as never;
      return Promise.resolve(
        axiosResponse(new Blob(['%PDF']), {
          headers: { 'content-disposition': 'attachment; filename="recipisa-d300.pdf"' },
        }),
      ) as never;
    });
    const user = userEvent.setup();
    renderWithSession(<ClientObligationsTab clientUrl={CLIENT} />);
    const rows = (await screen.findAllByRole('row')).slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[2].textContent)).toEqual([
      '28.12.2026',
      '02.12.2026',
      '25.11.2026',
    ]);
    expect(within(rows[0]).getByText('De depus')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Întârziată')).toBeInTheDocument();
    expect(within(rows[2]).getByText('Depusă')).toBeInTheDocument();
    // Read only: nothing to mark or undo.
    expect(screen.queryByRole('button', { name: /Marchează|Anulează/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Descarcă recipisa D300, Octombrie 2026' }));
    expect(post).toHaveBeenCalledWith(
      `${CLIENT}/media/51`,
      undefined,
      expect.objectContaining({ responseType: 'blob' }),
    );
  });

  it('says when the firm has not filled in the fiscal profile yet', async () => {
    jest.spyOn(http, 'post').mockResolvedValue(ok({ fiscal_profile: null, data: [] }));
    renderWithSession(<ClientObligationsTab clientUrl={CLIENT} />);
    expect(await screen.findByText('Calendarul declarațiilor nu este pregătit încă.')).toBeInTheDocument();
  });
});
