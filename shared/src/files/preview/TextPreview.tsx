import { useEffect, useState } from 'react';
import { formatBytes } from '../../lib/format';
import { fetchBytes } from './fetch-bytes';
import { PreviewLoading } from './ImagePreview';
import { isCancel, previewError } from './preview-errors';
import { TEXT_PREVIEW_BYTES } from './preview-kind';
import { parseCsv } from './parse-csv';

/** Text of the first bytes: UTF-16 by its byte order mark, else UTF-8 (a character cut at the end is replaced). */
export function decodeText(data: Uint8Array): string {
  if (data[0] === 0xff && data[1] === 0xfe) return new TextDecoder('utf-16le').decode(data.subarray(2));
  if (data[0] === 0xfe && data[1] === 0xff) return new TextDecoder('utf-16be').decode(data.subarray(2));
  return new TextDecoder('utf-8').decode(data).replace(/^\uFEFF/, '');
}

/** How many CSV rows the table shows. */
const CSV_ROWS = 500;

/**
 * Text, XML and CSV: the first MB (a Range request), shown as text — React escapes it, so markup in
 * the file is only characters. A CSV is shown as a table.
 */
export function TextPreview({ url, csv }: { url: string; csv: boolean }) {
  const [state, setState] = useState<{ text: string; total: number; read: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetchBytes(url, { range: [0, TEXT_PREVIEW_BYTES - 1], inline: true, signal: controller.signal }).then(
      ({ data, total }) => setState({ text: decodeText(data), total, read: data.length }),
      (e: unknown) => {
        if (!isCancel(e)) setError(previewError(e));
      },
    );
    return () => controller.abort();
  }, [url]);
  if (error)
    return (
      <p role="alert" className="preview-error">
        {error}
      </p>
    );
  if (!state) return <PreviewLoading />;
  const cut = state.total > state.read;
  const note = cut ? (
    <p className="muted preview-note">
      {`Se arată primii ${formatBytes(state.read)} din ${formatBytes(state.total)}. Descarcă fișierul pentru tot conținutul.`}
    </p>
  ) : null;
  if (!state.text.trim()) return <p className="muted">Fișierul este gol.</p>;
  if (csv) {
    const rows = parseCsv(state.text, cut);
    const shown = rows.slice(0, CSV_ROWS);
    const width = Math.max(...shown.map((r) => r.length));
    return (
      <>
        {note}
        {rows.length > CSV_ROWS ? (
          <p className="muted preview-note">{`Se arată primele ${CSV_ROWS} de rânduri din ${rows.length}.`}</p>
        ) : null}
        <div className="preview-text preview-table">
          <table className="table">
            <tbody>
              {shown.map((row, i) => (
                <tr key={i}>
                  {Array.from({ length: width }, (_, j) => (
                    <td key={j}>{row[j] ?? ''}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </>
    );
  }
  return (
    <>
      {note}
      <pre className="preview-text">{state.text}</pre>
    </>
  );
}
