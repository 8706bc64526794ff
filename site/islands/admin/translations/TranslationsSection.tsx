/**
 * The Translations view: what is left to translate into each of the site's other languages
 * (GET /api/admin/translations), each missing or outdated text with a link that opens its item.
 * Read when the dashboard opens (the navigation counts what is left in every language) and again
 * after each change of the content, a moment after the last one.
 */
import { useEffect, useId, useState } from 'react';
import type { TranslationGap, TranslationKind } from '../../../contract/translation-report.ts';
import { adminRequest } from '../../../lib/admin-api.ts';
import { Panel } from '../Panel.tsx';
import { fieldLabel } from '../stale-save.tsx';
import type { DocumentContent } from '../use-content-document.ts';
import { gapsByItem, languageOf, STATE_LABELS } from './translation-text.ts';
import './translations.css';

const READ_DELAY_MS = 400;
/** How many items are listed before "Show all" (a large site may have thousands). */
const FIRST_SHOWN = 50;

/** Each language's texts left to translate, by tag. */
export type TranslationGaps = Record<string, TranslationGap[]>;
type Report = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; gaps: TranslationGaps };

/** What each kind of item is called, and the dashboard view that opens it. */
const KINDS: Record<TranslationKind, { noun: string; view: string; opensItem: boolean }> = {
  settings: { noun: 'School details', view: 'site', opensItem: false },
  leadership: { noun: 'Leadership', view: 'leadership', opensItem: false },
  pages: { noun: 'Page', view: 'pages', opensItem: true },
  events: { noun: 'Event', view: 'events', opensItem: true },
  news: { noun: 'News item', view: 'news', opensItem: true },
  circulars: { noun: 'Circular', view: 'circulars', opensItem: true },
  gallery: { noun: 'Gallery photo', view: 'galleries', opensItem: true },
  homegallery: { noun: 'Home gallery photo', view: 'galleries', opensItem: true },
  logos: { noun: 'Logo', view: 'site', opensItem: false },
  alerts: { noun: 'Alert', view: 'alerts', opensItem: false },
};

/** The dashboard address that opens the gap's item (`#news/<id>`), or its view. */
export function gapLink({ kind, id }: Pick<TranslationGap, 'kind' | 'id'>): string {
  const { view, opensItem } = KINDS[kind];
  return `#${view}${opensItem ? `/${encodeURIComponent(id)}` : ''}`;
}

export function TranslationsSection({
  languages,
  content,
  revisions,
  onGaps,
}: {
  /** The site's languages, the default first. */
  languages: readonly string[];
  /** The dashboard's content and the revisions of its long lists: when either changes, the report is read again. */
  content: DocumentContent;
  revisions: unknown;
  onGaps: (gaps: TranslationGaps) => void;
}) {
  const others = languages.slice(1);
  const [chosen, setChosen] = useState(others[0]!);
  const [report, setReport] = useState<Report>({ state: 'loading' });
  const [reads, setReads] = useState(0);
  const chooser = useId();
  const language = others.includes(chosen) ? chosen : others[0]!;

  // biome-ignore lint/correctness/useExhaustiveDependencies: read again when the content changed or when asked
  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      Promise.all(
        others.map((tag) =>
          adminRequest<TranslationGap[]>(`/api/admin/translations?lang=${encodeURIComponent(tag)}`).then(
            (gaps) => [tag, gaps] as const,
          ),
        ),
      ).then(
        (answers) => {
          if (!current) return;
          const gaps = Object.fromEntries(answers);
          setReport({ state: 'ready', gaps });
          onGaps(gaps);
        },
        () => current && setReport({ state: 'failed' }),
      );
    }, READ_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [content, revisions, reads, others.join()]);

  const named = languageOf(language);
  return (
    <Panel
      id="translations"
      title="Translations"
      summary="The texts visitors read that have no translation yet, or whose translation needs an update because the text changed since. Each link opens the item, where each text has a tab per language."
    >
      <div className="field translations-language">
        <label htmlFor={chooser}>Language</label>
        <select id={chooser} value={language} onChange={(event) => setChosen(event.target.value)}>
          {others.map((tag) => {
            const { nativeName, englishName } = languageOf(tag);
            const left = report.state === 'ready' ? ` – ${report.gaps[tag]?.length ?? 0} to translate` : '';
            return (
              <option key={tag} value={tag}>
                {nativeName} ({englishName}){left}
              </option>
            );
          })}
        </select>
      </div>
      {report.state === 'loading' ? (
        <p className="empty" role="status">
          Reading what is left to translate…
        </p>
      ) : report.state === 'failed' ? (
        <div className="alert" role="alert">
          <p>
            <strong>Failed to read what is left to translate</strong>
          </p>
          <button type="button" className="secondary" onClick={() => setReads((count) => count + 1)}>
            Retry
          </button>
        </div>
      ) : (report.gaps[language] ?? []).length === 0 ? (
        <p className="empty">Everything is translated into {named.englishName}.</p>
      ) : (
        <GapList gaps={report.gaps[language]!} language={named.englishName} />
      )}
    </Panel>
  );
}

function GapList({ gaps, language }: { gaps: TranslationGap[]; language: string }) {
  const [all, setAll] = useState(false);
  const items = gapsByItem(gaps);
  const shown = all ? items : items.slice(0, FIRST_SHOWN);
  return (
    <>
      <ul className="translation-gaps" aria-label={`Left to translate into ${language}`}>
        {shown.map((item) => {
          const id = `translation-gap-${item.kind}-${item.id}`;
          return (
            <li key={id}>
              <p id={id} className="translation-gap-item">
                <strong>{KINDS[item.kind].noun}</strong>
                {item.name && `: ${item.name}`}
              </p>
              <ul className="translation-gap-fields">
                {item.fields.map(({ field, state }) => (
                  <li key={field}>
                    {fieldLabel(field)} <span className={`badge translation-${state}`}>{STATE_LABELS[state]}</span>
                  </li>
                ))}
              </ul>
              <a href={gapLink(item)} aria-describedby={id}>
                Open
              </a>
            </li>
          );
        })}
      </ul>
      {shown.length < items.length && (
        <button type="button" className="secondary" onClick={() => setAll(true)}>
          Show all {items.length.toLocaleString('en')}
        </button>
      )}
    </>
  );
}
