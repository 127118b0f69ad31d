import { ProgressBar, formatBytes } from '@dosar/shared';
import type { DownloadProgress } from '../hooks/use-download';

/** The download in progress: a bar when the size is known, bytes so far otherwise (the zip streams). */
export function DownloadStatus({ progress, onCancel }: { progress: DownloadProgress; onCancel: () => void }) {
  return (
    <div className="card" role="status">
      {progress.total ? (
        <ProgressBar value={progress.loaded / progress.total} label={`Se descarcă: ${progress.label}`} />
      ) : (
        <p>{`Se descarcă: ${progress.label} — ${formatBytes(progress.loaded)}`}</p>
      )}
      <button type="button" className="btn btn-ghost" onClick={onCancel}>
        Anulează descărcarea
      </button>
    </div>
  );
}
