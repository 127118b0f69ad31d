import { formatBytes } from '../lib/format';
import type { DownloadProgress } from '../lib/use-download';
import { ProgressBar } from './ProgressBar';

export interface DownloadStatusProps {
  progress: DownloadProgress;
  onCancel: () => void;
}

/** The download in progress: a bar when the size is known, bytes so far otherwise (the zip streams), and cancel. */
export function DownloadStatus({ progress, onCancel }: DownloadStatusProps) {
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
