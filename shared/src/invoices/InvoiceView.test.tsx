import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { TextDecoder as NodeTextDecoder } from 'node:util';
import { http } from '../http/http';
import { axiosResponse, httpError } from '../testing';
import PreviewDialog from '../files/preview/PreviewDialog';
import { InvoiceView } from './InvoiceView';
import { formatAmount, invoiceTitle } from './invoice-format';
import type { Invoice, InvoiceParty } from './types';

// pdf.js (import.meta) is never loaded in jsdom; an XML preview does not need it.
jest.mock('../files/preview/load-pdfjs', () => ({ loadPdfJs: () => Promise.reject(new Error('no pdf.js')) }));

if (typeof globalThis.TextDecoder === 'undefined')
  (globalThis as { TextDecoder: unknown }).TextDecoder = NodeTextDecoder;

const party = (name: string, cui: string, vat = true): InvoiceParty => ({
  name,
  cui,
  vat_number: vat ? `RO${cui}` : null,
  registration: 'J40/123/2020',
  address: { street: 'Str. Lalelelor 5', city: 'București', county: 'RO-B', postal_code: null, country: 'RO' },
});

/** An invoice as the server answers it (docs/api/company-door.md): amounts are decimal strings. */
function invoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    number: 'FCT-0042',
    type_code: 380,
    issue_date: '2026-10-15',
    due_date: '2026-11-14',
    currency: 'RON',
    tax_currency: null,
    notes: [],
    supplier: party('Țesătoria Mureș SA', '13548146'),
    buyer: party('Alfa Distribuție SRL', '49278701', false),
    totals: {
      without_vat: '1000.00',
      vat: '210.00',
      with_vat: '1210.00',
      payable: '1210.00',
      allowances: null,
      charges: null,
      prepaid: null,
      rounding: null,
    },
    vat_breakdown: [
      { category: 'S', rate: '21', taxable: '800.00', tax: '168.00', exemption_reason: null },
      { category: 'S', rate: '11', taxable: '200.00', tax: '22.00', exemption_reason: null },
    ],
    tax_total_ron: null,
    lines: [
      {
        id: '1',
        name: 'Țesătură bumbac',
        description: null,
        quantity: '2',
        unit: 'H87',
        price: '400',
        amount: '800.00',
        vat_category: 'S',
        vat_rate: '21',
      },
      {
        id: '2',
        name: 'Carte tehnică',
        description: 'ediția a doua',
        quantity: '1',
        unit: 'H87',
        price: '200',
        amount: '200.00',
        vat_category: 'S',
        vat_rate: '11',
      },
    ],
    allowances_charges: [],
    payment: { means_code: '30', iban: 'RO49AAAA1B31007593840000', terms: null },
    attachments: [],
    signature_verified: true,
    anaf_rejection: null,
    ...overrides,
  };
}

const totals = () => within(screen.getByRole('region', { name: 'Totaluri' }));

afterEach(() => jest.restoreAllMocks());

test('an invoice reads as one: title, number, dates, parties with CUI and address, lines, VAT per rate, totals', () => {
  render(<InvoiceView invoice={invoice()} />);
  expect(screen.getByRole('heading', { level: 2, name: 'Factură' })).toBeInTheDocument();
  expect(screen.getByText('FCT-0042')).toBeInTheDocument();
  expect(screen.getByText('15.10.2026')).toBeInTheDocument();
  expect(screen.getByText('14.11.2026')).toBeInTheDocument();
  const supplier = within(screen.getByRole('region', { name: 'Furnizor' }));
  expect(supplier.getByText('Țesătoria Mureș SA')).toBeInTheDocument();
  expect(supplier.getByText('RO13548146')).toBeInTheDocument();
  expect(supplier.getByText('Str. Lalelelor 5, București, RO-B, RO')).toBeInTheDocument();
  // a non-VAT payer's bare CUI
  expect(within(screen.getByRole('region', { name: 'Cumpărător' })).getByText('49278701')).toBeInTheDocument();
  const lines = within(screen.getByRole('region', { name: 'Produse și servicii' }));
  expect(lines.getByText('Țesătură bumbac')).toBeInTheDocument();
  expect(lines.getByText('2 buc.')).toBeInTheDocument();
  expect(lines.getByText('ediția a doua')).toBeInTheDocument();
  const vat = within(screen.getByRole('region', { name: 'TVA pe cote' }));
  expect(vat.getByText('21%')).toBeInTheDocument();
  expect(vat.getByText('11%')).toBeInTheDocument();
  expect(vat.getByText('168,00')).toBeInTheDocument();
  expect(totals().getByText('1.210,00 RON', { selector: '.invoice-payable dd' })).toBeInTheDocument();
  // never the markup
  expect(document.body.textContent).not.toContain('<');
});

test('a storno: the title says so and the amounts keep their minus sign', () => {
  const storno = invoice({
    totals: {
      without_vat: '-1000.00',
      vat: '-210.00',
      with_vat: '-1210.00',
      payable: '-1210.00',
      allowances: null,
      charges: null,
      prepaid: null,
      rounding: null,
    },
    lines: [{ ...invoice().lines[0], quantity: '-2', amount: '-800.00' }],
  });
  render(<InvoiceView invoice={storno} />);
  expect(screen.getByRole('heading', { level: 2, name: 'Factură storno' })).toBeInTheDocument();
  expect(totals().getByText('-1.210,00 RON', { selector: '.invoice-payable dd' })).toBeInTheDocument();
  expect(screen.getByText('-800,00')).toBeInTheDocument();
});

test.each([
  [381, 'Notă de credit'],
  [384, 'Factură corectată'],
  [389, 'Autofactură'],
  [751, 'Factură (informare, 751)'],
  [380, 'Factură'],
])('type %i is titled %s', (code, title) => {
  expect(invoiceTitle(invoice({ type_code: code }))).toBe(title);
});

test('an invoice in euro shows its VAT in euro and, from the second TaxTotal, in lei', () => {
  render(<InvoiceView invoice={invoice({ currency: 'EUR', tax_currency: 'RON', tax_total_ron: '1068.90' })} />);
  expect(totals().getByText('TVA (EUR)')).toBeInTheDocument();
  expect(totals().getByText('210,00 EUR')).toBeInTheDocument();
  expect(totals().getByText('TVA în lei')).toBeInTheDocument();
  expect(totals().getByText('1.068,90 RON')).toBeInTheDocument();
});

test('an invoice in lei has one VAT line', () => {
  render(<InvoiceView invoice={invoice()} />);
  expect(totals().queryByText('TVA în lei')).not.toBeInTheDocument();
});

test.each([
  [true, 'Semnătură MFP verificată'],
  [false, 'Semnătura MFP nu corespunde facturii'],
  [null, 'Fără semnătură MFP'],
])('signature verified %s → „%s”', (verified, text) => {
  render(<InvoiceView invoice={invoice({ signature_verified: verified })} />);
  expect(screen.getByText(text)).toBeInTheDocument();
});

test('an ANAF rejection is an alert with ANAF’s messages', () => {
  render(
    <InvoiceView
      invoice={invoice({
        anaf_rejection: { messages: ['E: validarea a eșuat [BR-RO-010]', 'E: CUI cumpărător invalid'] },
      })}
    />,
  );
  const alert = screen.getByRole('alert');
  expect(within(alert).getByText('Factură respinsă de ANAF')).toBeInTheDocument();
  expect(within(alert).getByText('E: validarea a eșuat [BR-RO-010]')).toBeInTheDocument();
  expect(within(alert).getByText('E: CUI cumpărător invalid')).toBeInTheDocument();
});

test('printing puts a copy of the invoice alone directly in <body>, and takes it away after', () => {
  const print = jest.spyOn(window, 'print').mockImplementation(() => {
    window.dispatchEvent(new Event('beforeprint'));
  });
  render(<InvoiceView invoice={invoice()} />);
  fireEvent.click(screen.getByRole('button', { name: 'Tipărește' }));
  expect(print).toHaveBeenCalled();
  const copy = document.body.querySelector(':scope > .invoice-print-copy');
  expect(copy).not.toBeNull();
  expect(document.body).toHaveClass('invoice-printing');
  act(() => {
    window.dispatchEvent(new Event('afterprint'));
  });
  expect(document.body.querySelector(':scope > .invoice-print-copy')).toBeNull();
  expect(document.body).not.toHaveClass('invoice-printing');
});

test('formatAmount: Romanian separators, the currency after', () => {
  expect(formatAmount('1234.5', 'RON')).toBe('1.234,50 RON');
  expect(formatAmount(null)).toBe('—');
});

describe('the preview of an XML document', () => {
  const URL_ = '/api/company/1/clients/7/media/101';
  const open = () =>
    render(
      <PreviewDialog
        url={URL_}
        name="4219876543.xml"
        mime="application/xml"
        onDownload={jest.fn()}
        onClose={jest.fn()}
      />,
    );

  test('an e-Factura is shown as the readable invoice, never as XML', async () => {
    const post = jest.spyOn(http, 'post').mockResolvedValue(axiosResponse({ data: invoice() }));
    open();
    expect(await screen.findByRole('heading', { level: 2, name: 'Factură' })).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith(`${URL_}/invoice`, undefined, expect.objectContaining({ silent: true }));
    expect(screen.queryByText(/<Invoice/)).not.toBeInTheDocument();
  });

  test('any other XML (the server answers 404) is shown as text', async () => {
    jest.spyOn(http, 'post').mockImplementation((url: string) =>
      url.endsWith('/invoice')
        ? Promise.reject(httpError(404, { message: 'Documentul nu este o factură.' }))
        : Promise.resolve(
            axiosResponse(new Uint8Array(Buffer.from('<note>salut</note>')).buffer, {
              headers: { 'content-range': 'bytes 0-17/18' },
            }),
          ),
    );
    open();
    await waitFor(() => expect(screen.getByText('<note>salut</note>')).toBeInTheDocument());
    expect(screen.queryByRole('heading', { level: 2, name: 'Factură' })).not.toBeInTheDocument();
  });
});
