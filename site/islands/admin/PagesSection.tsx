import { type FormEvent, memo, useEffect, useState } from 'react';
import { type Page, PageInput, type PageSlug } from '../../contract/pages.ts';
import { adminRequest } from '../../lib/admin-api.ts';
import { TextField } from '../forms/TextField.tsx';
import { Alert } from './Alert.tsx';
import { Panel } from './Panel.tsx';
import { useAction } from './use-action.ts';
import '../../styles/markdown.css';

const SAVE = 'save';
const FAILED = 'Failed to save page';

type Drafts = Record<PageSlug, { title: string; body: string }>;

const draftsOf = (pages: Page[]) =>
  Object.fromEntries(pages.map(({ slug, title, body }) => [slug, { title, body }])) as Drafts;

/**
 * The school's own pages (admissions, privacy…): pick one, edit its title and Markdown text with
 * a preview, save. Edits to one page are kept while another is open.
 */
export const PagesSection = memo(function PagesSection({
  pages,
  onPages,
}: {
  pages: Page[];
  onPages: (pages: Page[]) => void;
}) {
  const action = useAction();
  const [slug, setSlug] = useState<PageSlug>(pages[0]!.slug);
  const [drafts, setDrafts] = useState(() => draftsOf(pages));
  const [preview, setPreview] = useState(false);
  const [savedSlug, setSavedSlug] = useState<PageSlug | null>(null);
  const draft = drafts[slug];
  const stored = pages.find((page) => page.slug === slug)!;
  const changed = draft.title !== stored.title || draft.body !== stored.body;
  const edit = (change: Partial<Drafts[PageSlug]>) => {
    setSavedSlug(null);
    setDrafts((current) => ({ ...current, [slug]: { ...current[slug], ...change } }));
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    const parsed = PageInput.safeParse(draft);
    if (!parsed.success) return action.refuse(SAVE, FAILED, parsed.error.issues[0]?.message);
    const ok = await action.run(SAVE, FAILED, async () => {
      const page = await adminRequest<Page>(`/api/pages/${slug}`, { method: 'PUT', json: parsed.data });
      setDrafts((current) => ({ ...current, [slug]: { title: page.title, body: page.body } }));
      onPages(pages.map((old) => (old.slug === slug ? page : old)));
    });
    if (ok) setSavedSlug(slug);
  }

  return (
    <Panel
      id="pages"
      title="Pages"
      summary="Admissions, privacy policy, disclaimer, mandatory public disclosure and accessibility statement: the pages linked from the footer."
    >
      <form className="page-form" onSubmit={save} noValidate aria-label="Edit a page">
        <div className="field">
          <label htmlFor="page-choice" className="field-label">
            Page to edit
          </label>
          <select
            id="page-choice"
            value={slug}
            onChange={(event) => {
              setSlug(event.target.value as PageSlug);
              setSavedSlug(null);
              action.dismiss();
            }}
            disabled={action.busy}
          >
            {pages.map((page) => (
              <option key={page.slug} value={page.slug}>
                {page.title} (/{page.slug})
              </option>
            ))}
          </select>
        </div>
        <TextField
          id="page-title"
          label="Title"
          value={draft.title}
          onChange={(title) => edit({ title })}
          required
          disabled={action.busy}
          maxLength={120}
        />
        <div className="field">
          <div className="field-head">
            <label htmlFor="page-body" className="field-label">
              Text
            </label>
            <div className="view-switch">
              <button type="button" className="secondary" aria-pressed={!preview} onClick={() => setPreview(false)}>
                Write
              </button>
              <button type="button" className="secondary" aria-pressed={preview} onClick={() => setPreview(true)}>
                Preview
              </button>
            </div>
          </div>
          <p className="hint" id="page-body-hint">
            Markdown: <code>## Heading</code>, <code>- list item</code>, <code>1. numbered item</code>,{' '}
            <code>**bold**</code>, <code>[link text](https://…)</code>, and tables with <code>| cells |</code>. HTML is
            shown as text.
          </p>
          {preview ? (
            <MarkdownPreview text={draft.body} />
          ) : (
            <textarea
              id="page-body"
              className="page-body"
              rows={18}
              value={draft.body}
              onChange={(event) => edit({ body: event.target.value })}
              disabled={action.busy}
              maxLength={50_000}
              aria-describedby="page-body-hint"
            />
          )}
        </div>
        <Alert failure={action.alertFor(SAVE)} onDismiss={action.dismiss} />
        {savedSlug === slug && !changed && (
          <p className="notice notice-success" role="status">
            The page is saved. The site is being republished with it.
          </p>
        )}
        <div className="form-actions">
          <button type="submit" disabled={action.busy}>
            {action.label(SAVE, 'Save page', 'Saving…')}
          </button>
          <a className="button secondary" href={`/${slug}`} target="_blank" rel="noopener">
            View page
          </a>
          {changed && <span className="save-state">You have unsaved changes.</span>}
        </div>
      </form>
    </Panel>
  );
});

/** The text as the public page will show it; the Markdown renderer is loaded when first needed. */
function MarkdownPreview({ text }: { text: string }) {
  const [render, setRender] = useState<((text: string) => string) | null>(null);
  useEffect(() => {
    let current = true;
    void import('../../lib/markdown.ts').then(({ renderMarkdown }) => {
      if (current) setRender(() => renderMarkdown);
    });
    return () => {
      current = false;
    };
  }, []);
  if (!render) return <p className="empty">Loading the preview…</p>;
  return (
    <section
      className="page-preview markdown"
      aria-label="Preview"
      // The same renderer as the public page: raw HTML in the text comes out as text.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: see above
      dangerouslySetInnerHTML={{ __html: render(text) }}
    />
  );
}
