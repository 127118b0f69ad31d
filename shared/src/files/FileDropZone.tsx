import { useRef, useState, type DragEvent, type ReactNode } from 'react';

export interface FileDropZoneProps {
  /** The files dropped or picked, in their order (never called with none). */
  onFiles: (files: File[]) => void;
  /** The line before the pick button, e.g. „Trage fișierele aici sau”. */
  prompt: string;
  /** The hidden file input's name for assistive technology (and for the tests that pick through it). */
  inputLabel: string;
  /** The file input's accept list; without it any file can be picked. */
  accept?: string;
  /** While a batch is on its way the pick button is off; drops still reach onFiles, which decides. */
  disabled?: boolean;
  /** The id of the text that tells what may be picked (the pick button's description). */
  describedBy?: string;
  'data-testid'?: string;
  /** More inside the zone after the pick button: other ways to add files, a note on the limits. */
  children?: ReactNode;
}

/**
 * A zone to drop files on, with a button that opens the file picker (keyboard users reach the button;
 * the input itself stays out of the tab order). Presentation only: what is done with the files is the caller's.
 */
export function FileDropZone({
  onFiles,
  prompt,
  inputLabel,
  accept,
  disabled = false,
  describedBy,
  'data-testid': testId,
  children,
}: FileDropZoneProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  const hand = (files: FileList | null | undefined) => {
    const list = Array.from(files ?? []);
    if (list.length > 0) onFiles(list);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    hand(event.dataTransfer?.files);
  };

  return (
    <div
      className={`dropzone${dragging ? ' dropzone-active' : ''}`}
      onDragEnter={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragOver={(e) => {
        e.preventDefault();
        if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
      }}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={onDrop}
      data-testid={testId}
    >
      <p>{prompt}</p>
      <button
        type="button"
        className="btn"
        onClick={() => inputRef.current?.click()}
        disabled={disabled}
        aria-describedby={describedBy}
      >
        Alege fișiere
      </button>
      <input
        ref={inputRef}
        type="file"
        multiple
        accept={accept}
        className="sr-only"
        tabIndex={-1}
        aria-label={inputLabel}
        onChange={(e) => {
          hand(e.target.files);
          e.target.value = '';
        }}
      />
      {children}
    </div>
  );
}
