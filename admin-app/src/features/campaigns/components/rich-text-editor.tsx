import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';

export interface RichTextEditorProps {
  /** The visible label of the message ("Mesaj"). */
  label: string;
  /** The message as HTML. */
  value: string;
  onChange: (html: string) => void;
  error?: string;
  hint?: string;
  /** Short texts the toolbar can insert at the caret, e.g. {{nume}}. */
  tokens?: string[];
}

type Mode = 'visual' | 'html';

/** Keeps the editable's selection when a toolbar button is pressed (the button must not take focus). */
const keepSelection = (event: MouseEvent) => event.preventDefault();

/** https://… or mailto:…; anything else (javascript:, data:) is refused before the server sanitises anyway. */
export function safeLink(input: string): string | null {
  const url = input.trim();
  if (/^mailto:[^\s]+$/i.test(url)) return url;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(url) ? url : `https://${url}`;
  try {
    const parsed = new URL(withScheme);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/**
 * A small rich-text editor for e-mail campaigns: a contentEditable area with a toolbar (bold,
 * italic, link, bulleted and numbered list, placeholders) and, for whoever wants it, the HTML
 * source. No library: a campaign needs five commands, and the server sanitises the HTML anyway
 * (document.execCommand is what every browser implements for contentEditable).
 */
export function RichTextEditor({ label, value, onChange, error, hint, tokens = [] }: RichTextEditorProps) {
  const baseId = useId();
  const editorRef = useRef<HTMLDivElement>(null);
  const savedRange = useRef<Range | null>(null);
  const [mode, setMode] = useState<Mode>('visual');
  const [linking, setLinking] = useState(false);
  const [link, setLink] = useState('');
  const [linkError, setLinkError] = useState('');

  // Only a change from outside (reset after sending, the HTML view) is written into the editable:
  // rewriting what the user is typing would move the caret.
  useEffect(() => {
    const editor = editorRef.current;
    if (mode === 'visual' && editor && editor.innerHTML !== value) editor.innerHTML = value;
  }, [value, mode]);

  const emit = () => onChange(editorRef.current?.innerHTML ?? '');

  const run = (command: string, argument?: string) => {
    editorRef.current?.focus();
    document.execCommand(command, false, argument);
    emit();
  };

  const openLink = () => {
    const selection = window.getSelection();
    savedRange.current =
      selection && selection.rangeCount > 0 && editorRef.current?.contains(selection.anchorNode)
        ? selection.getRangeAt(0).cloneRange()
        : null;
    setLink('');
    setLinkError('');
    setLinking(true);
  };

  const addLink = () => {
    const href = safeLink(link);
    if (!href) {
      setLinkError('Scrie o adresă web (https://…) sau mailto:.');
      return;
    }
    editorRef.current?.focus();
    const selection = window.getSelection();
    if (savedRange.current && selection) {
      selection.removeAllRanges();
      selection.addRange(savedRange.current);
    }
    if (!selection || selection.isCollapsed) run('insertHTML', `<a href="${href.replace(/"/g, '&quot;')}">${href}</a>`);
    else run('createLink', href);
    setLinking(false);
  };

  const describedBy = [hint ? `${baseId}-hint` : '', error ? `${baseId}-error` : ''].filter(Boolean).join(' ');

  return (
    <div className="field rich-editor">
      <span className="field-label" id={`${baseId}-label`}>
        {label}
      </span>
      <div className="rich-toolbar" role="toolbar" aria-label="Formatare">
        {mode === 'visual' ? (
          <>
            <button type="button" className="btn" onMouseDown={keepSelection} onClick={() => run('bold')}>
              <strong aria-hidden="true">B</strong>
              <span className="sr-only">Îngroșat</span>
            </button>
            <button type="button" className="btn" onMouseDown={keepSelection} onClick={() => run('italic')}>
              <em aria-hidden="true">I</em>
              <span className="sr-only">Cursiv</span>
            </button>
            <button type="button" className="btn" onMouseDown={keepSelection} onClick={openLink}>
              Link
            </button>
            <button
              type="button"
              className="btn"
              onMouseDown={keepSelection}
              onClick={() => run('insertUnorderedList')}
            >
              Listă
            </button>
            <button type="button" className="btn" onMouseDown={keepSelection} onClick={() => run('insertOrderedList')}>
              Listă numerotată
            </button>
            {tokens.map((token) => (
              <button
                key={token}
                type="button"
                className="btn btn-ghost"
                onMouseDown={keepSelection}
                onClick={() => run('insertText', token)}
                aria-label={`Inserează ${token}`}
              >
                {token}
              </button>
            ))}
          </>
        ) : null}
        <button
          type="button"
          className="btn btn-ghost rich-mode"
          aria-pressed={mode === 'html'}
          onClick={() => {
            setLinking(false);
            setMode(mode === 'visual' ? 'html' : 'visual');
          }}
        >
          {mode === 'visual' ? 'Vezi HTML' : 'Înapoi la editor'}
        </button>
      </div>

      {linking && mode === 'visual' ? (
        // Not a <form>: it sits inside the campaign's form; Enter adds the link all the same.
        <div className="rich-link" role="group" aria-label="Link">
          <label htmlFor={`${baseId}-link`} className="sr-only">
            Adresa linkului
          </label>
          <input
            id={`${baseId}-link`}
            className="input"
            type="url"
            placeholder="https://…"
            value={link}
            autoFocus
            onChange={(e) => setLink(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                addLink();
              }
            }}
            aria-invalid={linkError ? true : undefined}
          />
          <button type="button" className="btn btn-primary" onClick={addLink}>
            Adaugă linkul
          </button>
          <button type="button" className="btn btn-ghost" onClick={() => setLinking(false)}>
            Renunță
          </button>
          {linkError ? (
            <p className="field-error" role="alert">
              {linkError}
            </p>
          ) : null}
        </div>
      ) : null}

      {mode === 'visual' ? (
        <div
          ref={editorRef}
          className="input rich-area"
          contentEditable
          suppressContentEditableWarning
          role="textbox"
          aria-multiline="true"
          aria-labelledby={`${baseId}-label`}
          aria-describedby={describedBy || undefined}
          aria-invalid={error ? true : undefined}
          onInput={emit}
          onBlur={emit}
        />
      ) : (
        <textarea
          className="input rich-source"
          rows={10}
          aria-labelledby={`${baseId}-label`}
          aria-describedby={describedBy || undefined}
          aria-invalid={error ? true : undefined}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {hint ? (
        <small className="field-hint" id={`${baseId}-hint`}>
          {hint}
        </small>
      ) : null}
      {error ? (
        <p className="field-error" id={`${baseId}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
