import type { ReactNode } from 'react';

/** Terms and their values, leaving out the empty ones: a record's details in the dashboard. */
export function Details({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="details">
      {rows
        .filter(([, value]) => value !== '')
        .map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}
