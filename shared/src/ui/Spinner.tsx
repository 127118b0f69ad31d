export interface SpinnerProps {
  label?: string;
  /** Fill the page area (centred) instead of sitting inline. */
  block?: boolean;
}

export function Spinner({ label = 'Se încarcă…', block = true }: SpinnerProps) {
  return (
    <div className={block ? 'spinner-block' : 'spinner-inline'} role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className={block ? 'muted' : 'sr-only'}>{label}</span>
    </div>
  );
}
