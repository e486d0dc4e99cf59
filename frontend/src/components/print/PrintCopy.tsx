// What a print dialog prints: a copy of its sheet directly under <body> (a dialog scrolls and is
// clipped; the copy is not), and while it is shown, body.printing-copy makes print show only that
// copy (print-copy.css). Job tickets and bundle tickets print this way.
import { useEffect, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import './print-copy.css';

export interface PrintCopyProps {
  /** While true the copy exists and print shows only it. */
  active: boolean;
  /** The copy's own class (its print layout). */
  className?: string;
  children: ReactNode;
}

export function PrintCopy({ active, className, children }: PrintCopyProps) {
  useEffect(() => {
    if (!active) return;
    document.body.classList.add('printing-copy');
    return () => document.body.classList.remove('printing-copy');
  }, [active]);
  return active ? createPortal(<div className={`print-copy ${className ?? ''}`}>{children}</div>, document.body) : null;
}
