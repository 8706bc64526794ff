/**
 * The accessibility checker's report of the whole site (GET /api/admin/accessibility): its
 * findings grouped by kind, each with what to do and a link that opens the item or page to fix.
 * Read when the dashboard opens (the navigation counts the findings) and again after each change
 * of the content, a moment after the last one.
 */
import { useEffect, useState } from 'react';
import { type AccessibilityFinding, FINDING_KINDS, type FindingKind } from '../../../contract/accessibility.ts';
import { adminRequest } from '../../../lib/admin-api.ts';
import { Panel } from '../Panel.tsx';
import './accessibility.css';

const READ_DELAY_MS = 400;
/** How many findings of a kind are listed before "Show all". */
const FIRST_SHOWN = 20;

type Report = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; findings: AccessibilityFinding[] };

/** The heading of each group of findings. */
const KIND_TITLES: Record<FindingKind, string> = {
  'heading-skipped': 'Headings that skip a level',
  'heading-empty': 'Empty headings',
  'link-text': 'Links that do not say where they lead',
  'all-caps': 'Text in capital letters',
  'image-alt': 'Images without a description',
  'pdf-untagged': 'PDFs without tags',
  'pdf-no-title': 'PDFs without a title',
  'pdf-no-language': 'PDFs that do not say their language',
  'pdf-no-text': 'Scanned PDFs without text',
};

/** What a link of the report opens, from its address (`/admin/dashboard#events/<id>`). */
const OPENS: Record<string, [section: string, item: string]> = {
  site: ['the school details', 'the school details'],
  leadership: ['the leadership messages', 'the leadership messages'],
  pages: ['the pages', 'the page'],
  events: ['the events', 'the event'],
  news: ['the news', 'the news item'],
  circulars: ['the circulars', 'the circular'],
  galleries: ['the galleries', 'the photo'],
};

function linkText(where: string): string {
  const [section = '', item] = (where.split('#')[1] ?? '').split('/');
  const [list, one] = OPENS[section] ?? ['it', 'it'];
  return `Open ${item ? one : list}`;
}

export function AccessibilitySection({
  content,
  revisions,
  onFindings,
}: {
  /** The dashboard's content and the revisions of its long lists: when either changes, the report is read again. */
  content: unknown;
  revisions: unknown;
  onFindings: (findings: AccessibilityFinding[]) => void;
}) {
  const [report, setReport] = useState<Report>({ state: 'loading' });
  const [reads, setReads] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: read again when the content changed or when asked
  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      adminRequest<AccessibilityFinding[]>('/api/admin/accessibility').then(
        (findings) => {
          if (!current) return;
          setReport({ state: 'ready', findings });
          onFindings(findings);
        },
        () => current && setReport({ state: 'failed' }),
      );
    }, READ_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [content, revisions, reads]);

  const summary =
    'What keeps the site’s texts, images and PDFs from people who use a screen reader or find reading hard, drafts included. Each link opens what to fix.';
  return (
    <Panel id="accessibility" title="Accessibility" summary={summary}>
      {report.state === 'loading' ? (
        <p className="empty" role="status">
          Checking the site…
        </p>
      ) : report.state === 'failed' ? (
        <div className="alert" role="alert">
          <p>
            <strong>Failed to check the site</strong>
          </p>
          <button type="button" className="secondary" onClick={() => setReads((count) => count + 1)}>
            Retry
          </button>
        </div>
      ) : report.findings.length === 0 ? (
        <p className="a11y-report-clean">No problems found.</p>
      ) : (
        <Findings findings={report.findings} />
      )}
    </Panel>
  );
}

function Findings({ findings }: { findings: AccessibilityFinding[] }) {
  return FINDING_KINDS.map((kind) => {
    const ofKind = findings.filter((finding) => finding.kind === kind);
    return ofKind.length > 0 && <FindingGroup key={kind} kind={kind} findings={ofKind} />;
  });
}

/** A kind's findings: the first few, and all of them on request (a large site may have thousands). */
function FindingGroup({ kind, findings }: { kind: FindingKind; findings: AccessibilityFinding[] }) {
  const [all, setAll] = useState(false);
  const shown = all ? findings : findings.slice(0, FIRST_SHOWN);
  return (
    <section className="a11y-report-group" aria-labelledby={`a11y-${kind}`}>
      <h3 id={`a11y-${kind}`}>
        {KIND_TITLES[kind]} ({findings.length.toLocaleString('en')})
      </h3>
      <ul className="a11y-report-list">
        {shown.map((finding, index) => {
          const id = `a11y-${kind}-${index}`;
          return (
            <li key={id}>
              <p id={id}>{finding.message}</p>
              <a href={finding.where} aria-describedby={id}>
                {linkText(finding.where)}
              </a>
            </li>
          );
        })}
      </ul>
      {shown.length < findings.length && (
        <button type="button" className="secondary a11y-show-all" onClick={() => setAll(true)}>
          Show all {findings.length.toLocaleString('en')}
        </button>
      )}
    </section>
  );
}
