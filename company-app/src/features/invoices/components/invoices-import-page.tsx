import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { FileDropZone, PageHeader, ProgressBar, countOf, formatBytes, toast } from '@dosar/shared';
import { useCompanyId } from '../../../lib/company-api';
import { paths } from '../../../paths';
import { importInvoices, type ImportEntry } from '../api/import-invoices';
import { ImportResults } from './import-results';
import './invoices.css';

const ACCEPT = '.xml,.zip,application/xml,text/xml,application/zip';
/** What the server takes in one import (docs/api/company-door.md); a zip may hold many invoices. */
const MAX_FILES = 100;
const isInvoiceFile = (file: File) => /\.(xml|zip)$/i.test(file.name);

/**
 * /company/invoices „Facturi”: e-Factura XML files and SPV zips, many at once, filed under the client
 * whose CUI they carry (buyer → „Facturi primite”, supplier → „Facturi emise”) in the month of the issue
 * date; then one row per invoice says where it went (docs/PRODUCT.md, „e-Factura”).
 */
export function InvoicesImportPage() {
  const companyId = useCompanyId();
  const baseId = useId();
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [results, setResults] = useState<ImportEntry[] | null>(null);
  const running = progress !== null;

  const addFiles = (incoming: File[]) => {
    if (running || incoming.length === 0) return;
    const accepted = incoming.filter(isInvoiceFile);
    const skipped = incoming.length - accepted.length;
    if (skipped > 0)
      void toast.error(
        `${countOf(skipped, 'fișier a fost lăsat', 'fișiere au fost lăsate')} deoparte: doar .xml și .zip.`,
      );
    setFiles((previous) => {
      const all = [...previous, ...accepted];
      if (all.length <= MAX_FILES) return all;
      void toast.error(`Poți importa cel mult ${MAX_FILES} de fișiere odată; au fost păstrate primele ${MAX_FILES}.`);
      return all.slice(0, MAX_FILES);
    });
  };

  const start = async () => {
    setProgress(0);
    setResults(null);
    try {
      const entries = await importInvoices(companyId, files, setProgress);
      setResults(entries);
      setFiles([]);
      const filed = entries.filter((e) => e.status === 'filed').length;
      if (filed > 0) void toast.success(`${countOf(filed, 'factură îndosariată', 'facturi îndosariate')}.`);
    } catch {
      /* the shared client already showed the refusal; the files stay chosen for another try */
    } finally {
      setProgress(null);
    }
  };

  return (
    <div className="page">
      <PageHeader title="Facturi" />
      <section className="card" aria-labelledby={`${baseId}-title`}>
        <h2 id={`${baseId}-title`}>Importă facturi e-Factura</h2>
        <p className="muted">
          Fișiere XML e-Factura sau arhive ZIP descărcate din SPV, oricâte deodată. Fiecare factură ajunge la clientul
          cu CUI-ul ei, în luna emiterii. Cele fără client așteaptă în{' '}
          <Link to={paths.invoicesUnsorted}>De sortat</Link>.
        </p>
        <FileDropZone
          onFiles={addFiles}
          prompt="Trage aici fișierele .xml și .zip sau"
          inputLabel="Facturi de importat"
          accept={ACCEPT}
          disabled={running}
          data-testid="invoice-dropzone"
        />

        {files.length > 0 ? (
          <div className="invoice-import-queue">
            <p>{countOf(files.length, 'fișier ales', 'fișiere alese')}</p>
            <ul className="invoice-import-files" aria-label="Fișierele alese">
              {files.map((file, i) => (
                <li key={`${file.name}-${i}`}>
                  <span className="cell-long">{file.name}</span> <span className="muted">{formatBytes(file.size)}</span>
                </li>
              ))}
            </ul>
            <div className="form-actions">
              <button type="button" className="btn btn-primary" disabled={running} onClick={() => void start()}>
                Importă
              </button>
              <button type="button" className="btn btn-ghost" disabled={running} onClick={() => setFiles([])}>
                Golește lista
              </button>
            </div>
          </div>
        ) : null}

        {running ? (
          <div aria-live="polite">
            <ProgressBar
              value={progress}
              label={progress < 1 ? 'Se trimit fișierele…' : 'Se citesc și se îndosariază facturile…'}
            />
          </div>
        ) : null}
      </section>

      {results ? (
        results.length === 0 ? (
          <p className="card muted">Fișierele nu conțineau nicio factură.</p>
        ) : (
          <ImportResults entries={results} />
        )
      ) : null}
    </div>
  );
}
