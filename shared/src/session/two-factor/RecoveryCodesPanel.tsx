import { useId } from 'react';
import { saveBlob } from '../../lib/download';
import { toast } from '../../ui/toast';

export interface RecoveryCodesPanelProps {
  codes: string[];
  onDone: () => void;
  doneLabel?: string;
}

export const RECOVERY_CODES_FILE = 'dosar-coduri-de-rezerva.txt';

function codesText(codes: string[]): string {
  return [
    'Dosar — coduri de rezervă pentru autentificarea în doi pași',
    'Fiecare cod se poate folosi o singură dată. Păstrează-le într-un loc sigur.',
    '',
    ...codes,
    '',
  ].join('\n');
}

/** The recovery codes, shown once: a warning, the list, copy and download as .txt. */
export function RecoveryCodesPanel({ codes, onDone, doneLabel = 'Am salvat codurile' }: RecoveryCodesPanelProps) {
  const titleId = useId();

  const copy = async (): Promise<void> => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      void toast.success('Codurile au fost copiate.');
    } catch {
      void toast.error('Codurile nu au putut fi copiate. Descarcă-le sau notează-le.');
    }
  };

  const download = (): void => {
    saveBlob(new Blob([codesText(codes)], { type: 'text/plain;charset=utf-8' }), RECOVERY_CODES_FILE);
  };

  return (
    <div className="recovery-codes" role="region" aria-labelledby={titleId}>
      <h3 id={titleId}>Codurile de rezervă</h3>
      <p className="recovery-codes-warning">
        <strong>Păstrează aceste coduri într-un loc sigur.</strong> Le vezi acum o singură dată. Dacă pierzi telefonul,
        te autentifici cu unul dintre ele; fiecare cod merge o singură dată.
      </p>
      <ol className="recovery-codes-list" aria-label="Coduri de rezervă">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="form-actions">
        <button type="button" className="btn" onClick={() => void copy()}>
          Copiază codurile
        </button>
        <button type="button" className="btn" onClick={download}>
          Descarcă (.txt)
        </button>
        <button type="button" className="btn btn-primary" onClick={onDone}>
          {doneLabel}
        </button>
      </div>
    </div>
  );
}
