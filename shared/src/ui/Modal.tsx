import { useEffect, useId, useRef, type CSSProperties, type ReactNode } from 'react';

export interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A small accessible dialog: labelled by its title, Escape closes it, focus moves
 * inside on open and returns to where it was on close.
 */
export function Modal({ title, onClose, children }: ModalProps) {
  const titleId = useId();
  const boxRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const first = boxRef.current?.querySelector<HTMLElement>('input, textarea, select, button');
    first?.focus();
    return () => previous?.focus?.();
  }, []);

  return (
    <div
      className="modal-backdrop"
      style={backdropStyle}
      onMouseDown={(e) => e.target === e.currentTarget && onClose()}
    >
      <div
        ref={boxRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="card modal"
        style={boxStyle}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            onClose();
          }
        }}
      >
        <h2 id={titleId}>{title}</h2>
        {children}
      </div>
    </div>
  );
}

const backdropStyle: CSSProperties = {
  position: 'fixed',
  inset: 0,
  background: 'rgba(15, 23, 42, 0.45)',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  zIndex: 1000,
};

const boxStyle: CSSProperties = { width: 'min(560px, 92vw)', maxHeight: '90vh', overflow: 'auto' };
