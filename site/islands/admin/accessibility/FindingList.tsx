import type { Finding } from '../../../contract/accessibility.ts';

/** Warnings of the accessibility checker about one text, image or PDF: what to do about each. */
export function FindingList({ findings }: { findings: readonly Finding[] }) {
  const what = findings.length === 1 ? 'One thing' : `${findings.length} things`;
  return (
    <div className="a11y-finding-list">
      <p className="a11y-finding-title">Accessibility: {what} to fix (you can save meanwhile)</p>
      <ul>
        {findings.map((finding, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the same text may well give the same finding twice
          <li key={index}>{finding.message}</li>
        ))}
      </ul>
    </div>
  );
}
