import type { ReactNode } from 'react';

/** One section of the dashboard, reachable from the section links at the top. */
export function Panel({
  id,
  title,
  summary,
  children,
}: {
  id: string;
  title: string;
  summary?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section id={id} className="panel" aria-labelledby={`${id}-title`}>
      <header className="panel-head">
        <h2 id={`${id}-title`}>{title}</h2>
        {summary && <p className="panel-summary">{summary}</p>}
      </header>
      {children}
    </section>
  );
}
