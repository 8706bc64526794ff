import type { ReactNode } from 'react';

/**
 * What a form shows once the server took it: a heading that takes the focus (so a screen reader
 * reads it), what happens next, and perhaps a button to start again.
 */
export function SentCard({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  return (
    <div className="form-card success" role="status">
      <h2 tabIndex={-1} ref={(heading) => heading?.focus()}>
        {title}
      </h2>
      <p>{text}</p>
      {children}
    </div>
  );
}
