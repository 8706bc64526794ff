import { type KeyboardEvent, type ReactNode, useEffect, useRef } from 'react';
import './modal.css';

interface ModalProps {
  open: boolean;
  onClose: () => void;
  /** Id of the element that names the dialog (its heading). */
  labelledBy: string;
  className?: string;
  /** Extra keys, e.g. the lightbox's arrows. */
  onKeyDown?: (event: KeyboardEvent<HTMLDialogElement>) => void;
  children: ReactNode;
}

/**
 * A modal window on the native <dialog>: the page behind it is inert, Escape closes it, and the
 * browser gives focus back to what had it before. Tab and Shift+Tab cycle inside it.
 */
export function Modal({ open, onClose, labelledBy, className, onKeyDown, children }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  function handleKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key === 'Tab') keepFocusInside(event);
    onKeyDown?.(event);
  }

  return (
    <dialog
      ref={ref}
      className={['modal', className].filter(Boolean).join(' ')}
      aria-labelledby={labelledBy}
      onClose={onClose}
      onKeyDown={handleKeyDown}
      // A click on the backdrop lands on the dialog itself, outside its content.
      onClick={(event) => event.target === event.currentTarget && onClose()}
    >
      {open && <div className="modal-body">{children}</div>}
    </dialog>
  );
}

export function CloseButton({ onClose, label = 'Close' }: { onClose: () => void; label?: string }) {
  return (
    <button type="button" className="modal-close" aria-label={label} onClick={onClose}>
      <span aria-hidden="true">×</span>
    </button>
  );
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

function keepFocusInside(event: KeyboardEvent<HTMLDialogElement>) {
  const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === event.currentTarget)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}
