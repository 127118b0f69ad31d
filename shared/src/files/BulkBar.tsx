import { countOf } from '../lib/plural';

export interface BulkBarProps {
  /** Documents on screen and how many of them are selected. */
  shown: number;
  selected: number;
  onSelectAll: (checked: boolean) => void;
  onDownload: () => void;
  /** Absent: the selection holds a document the caller may not move (the button is not offered). */
  onMove?: () => void;
  onDelete?: () => void;
  busy: boolean;
}

/** The selection's bar: select all shown, then zip, move and delete what is selected. */
export function BulkBar({ shown, selected, onSelectAll, onDownload, onMove, onDelete, busy }: BulkBarProps) {
  const all = shown > 0 && selected === shown;
  return (
    <div className="toolbar bulk-bar" role="group" aria-label="Acțiuni pentru documentele selectate">
      <label className="checkbox">
        <input
          type="checkbox"
          checked={all}
          ref={(el) => {
            if (el) el.indeterminate = selected > 0 && !all;
          }}
          disabled={shown === 0}
          onChange={(e) => onSelectAll(e.target.checked)}
        />
        {` Selectează tot de pe pagină (${countOf(shown, 'document', 'documente')})`}
      </label>
      {selected > 0 ? (
        <>
          <span aria-live="polite">{`${countOf(selected, 'document selectat', 'documente selectate')}`}</span>
          <button type="button" className="btn" onClick={onDownload} disabled={busy}>
            Descarcă selecția (zip)
          </button>
          {onMove ? (
            <button type="button" className="btn" onClick={onMove} disabled={busy}>
              Mută
            </button>
          ) : null}
          {onDelete ? (
            <button type="button" className="btn btn-danger" onClick={onDelete} disabled={busy}>
              Șterge
            </button>
          ) : null}
          <button type="button" className="btn btn-ghost" onClick={() => onSelectAll(false)}>
            Renunță la selecție
          </button>
        </>
      ) : null}
    </div>
  );
}
