import { useEffect, useId, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { CloseOutlined } from './icons/CloseOutlined';
import './dialog.css';

export interface DialogProps {
  /** The dialog is on screen, and in the page, while this is true. */
  open: boolean;
  /** Escape, the close button and a click beside the dialog call this. */
  onClose: () => void;
  title: ReactNode;
  /** The id of the element that names the dialog, when that is less than the whole title. */
  labelledBy?: string;
  /** Its widest, in CSS pixels; a phone gets the screen's width less a margin. */
  width?: number;
  children: ReactNode;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog drawn like antd's, for screens that do not load antd (the profile a shared
 * link opens). Focus moves into it and stays there, and goes back where it was on close;
 * the page behind does not scroll. Dialogs opened from inside it (antd's confirms, which
 * render elsewhere in the page) keep their own keys: only events from its own elements count.
 */
export function Dialog({ open, onClose, title, labelledBy, width = 520, children }: DialogProps) {
  if (!open) return null;
  return createPortal(
    <OpenDialog onClose={onClose} title={title} labelledBy={labelledBy} width={width}>
      {children}
    </OpenDialog>,
    document.body,
  );
}

function OpenDialog({ onClose, title, labelledBy, width, children }: Omit<DialogProps, 'open'>) {
  const panel = useRef<HTMLDivElement>(null);
  const pressedOnBackdrop = useRef(false);
  const titleId = useId();

  // Focus in on open, back to the opener on close. After the dialog is drawn, not while React
  // inserts it: focus() makes the browser lay the page out at once, which put the layout of the
  // dialog and the page behind it into the commit's task (a shared profile link's longest task).
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panel.current?.focus({ preventScroll: true });
    return () => opener?.focus({ preventScroll: true });
  }, []);

  useEffect(() => {
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, []);

  const own = (target: EventTarget) => target instanceof Node && !!panel.current?.contains(target);

  function onKeyDown(event: KeyboardEvent) {
    if (!own(event.target)) return;
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    } else if (event.key === 'Tab') {
      const focusable = [...panel.current!.querySelectorAll<HTMLElement>(FOCUSABLE)];
      if (focusable.length === 0) return event.preventDefault();
      const first = focusable[0]!;
      const last = focusable[focusable.length - 1]!;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || active === panel.current)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    }
  }

  // A press and release both on the backdrop closes; a text selection dragged out of the dialog does not.
  const onBackdropDown = (event: MouseEvent) => {
    pressedOnBackdrop.current = event.target === event.currentTarget;
  };
  const onBackdropClick = (event: MouseEvent) => {
    if (pressedOnBackdrop.current && event.target === event.currentTarget) onClose();
    pressedOnBackdrop.current = false;
  };

  return (
    <div className="plain-dialog-root">
      <div className="plain-dialog-mask" aria-hidden />
      <div className="plain-dialog-wrap" onMouseDown={onBackdropDown} onClick={onBackdropClick}>
        <div
          ref={panel}
          className="plain-dialog"
          role="dialog"
          aria-modal="true"
          aria-labelledby={labelledBy ?? titleId}
          tabIndex={-1}
          style={{ width }}
          onKeyDown={onKeyDown}
        >
          <button type="button" className="plain-dialog-close" aria-label="Close" onClick={onClose}>
            <CloseOutlined />
          </button>
          <div className="plain-dialog-title" id={titleId}>
            {title}
          </div>
          <div className="plain-dialog-body">{children}</div>
        </div>
      </div>
    </div>
  );
}
