/**
 * The accessibility checker beside a long text, as the editor types: what it finds in the text
 * (site/lib/accessibility/), a moment after the typing stops. A warning, never a refusal: the
 * save goes through whatever it says. The field names it in its `aria-describedby` as
 * `${fieldId}-warnings` (MarkdownField does), and it is a status, so a screen reader hears a new
 * warning without losing its place.
 */
import { useEffect, useState } from 'react';
import type { Finding } from '../../../contract/accessibility.ts';
import { FindingList } from './FindingList.tsx';
import './accessibility.css';

/** How long after the last keystroke the text is checked. */
const CHECK_DELAY_MS = 600;

type Check = (markdown: string) => Finding[];
// The rules (and markdown-it) are loaded with the first text to check, not with the dashboard.
let loading: Promise<Check> | null = null;
const loadCheck = () => {
  loading ??= import('../../../lib/accessibility/text-findings.ts').then((module) => module.textFindings);
  return loading;
};

export function TextWarnings({ fieldId, text }: { fieldId: string; text: string }) {
  const findings = useTextFindings(text);
  return (
    <div id={`${fieldId}-warnings`} className="a11y-warnings" role="status">
      {findings.length > 0 && <FindingList findings={findings} />}
    </div>
  );
}

function useTextFindings(text: string): Finding[] {
  const [findings, setFindings] = useState<Finding[]>([]);
  useEffect(() => {
    let current = true;
    const timer = setTimeout(
      () =>
        void loadCheck().then((check) => {
          if (current) setFindings(check(text));
        }),
      CHECK_DELAY_MS,
    );
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [text]);
  return findings;
}
