import { type FormEvent, memo, useEffect, useState } from 'react';
import { isPageSlug, PAGE_BODY_LIMIT, type Page, PageInput, type PageSlug } from '../../contract/pages.ts';
import { versionOf } from '../../contract/publication.ts';
import { adminRequest } from '../../lib/admin-api.ts';
import { TextField } from '../forms/TextField.tsx';
import { Alert } from './Alert.tsx';
import { TextWarnings } from './accessibility/TextWarnings.tsx';
import { MarkdownField } from './editor/MarkdownField.tsx';
import { ItemStateLine, PreviewButton } from './ItemReview.tsx';
import { Panel } from './Panel.tsx';
import {
  PublishingChoice,
  type PublishingDraft,
  publishingBody,
  publishingOf,
  publishingProblem,
} from './PublishingChoice.tsx';
import { changedFields, type FieldChange, SaveConflict, type StaleSave, staleSaveOf } from './stale-save.tsx';
import { TranslatableField, translatingOf } from './translations/TranslatableField.tsx';
import { useAction } from './use-action.ts';
import { useOpenedItem } from './use-opened-item.ts';
import { EditingNow } from './use-presence.tsx';

const SAVE = 'save';
const FAILED = 'Failed to save page';

/** A page as its form holds it, and the version of the page the form started from. */
interface PageDraft {
  title: string;
  body: string;
  publishing: PublishingDraft;
  version: string;
  translations?: Page['translations'];
}
type Drafts = Record<PageSlug, PageDraft>;

const draftOf = (page: Page): PageDraft => ({
  title: page.title,
  body: page.body,
  publishing: publishingOf(page),
  version: versionOf(page),
  ...(page.translations && { translations: page.translations }),
});
const draftsOf = (pages: Page[]) => Object.fromEntries(pages.map((page) => [page.slug, draftOf(page)])) as Drafts;
const sameDraft = (a: PageDraft, b: PageDraft) =>
  a.title === b.title &&
  a.body === b.body &&
  JSON.stringify(a.publishing) === JSON.stringify(b.publishing) &&
  JSON.stringify(a.translations) === JSON.stringify(b.translations);

/**
 * The school's own pages (admissions, privacy…): pick one, edit its title and its text in the
 * visual editor (or as Markdown), and publish it now, at a set time, or keep it as a draft (visitors keep reading the
 * text from before). Edits to one page are kept while another is open; a save over someone
 * else's change made meanwhile is refused and shown.
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
  const [savedSlug, setSavedSlug] = useState<PageSlug | null>(null);
  const [stale, setStale] = useState<StaleSave<Page> | null>(null);
  const [yours, setYours] = useState<FieldChange[]>([]);
  // A page the address names (`#pages/<slug>`, a link of the accessibility report) is the one edited.
  const opened = useOpenedItem('pages');
  useEffect(() => {
    if (opened && isPageSlug(opened)) setSlug(opened);
  }, [opened]);
  const draft = drafts[slug];
  const stored = pages.find((page) => page.slug === slug)!;
  const changed = !sameDraft(draft, draftOf(stored));
  const translating = translatingOf(draft, (next) => edit({ translations: next.translations }), stored);
  const edit = (change: Partial<PageDraft>) => {
    setSavedSlug(null);
    setDrafts((current) => ({ ...current, [slug]: { ...current[slug], ...change } }));
  };
  const showStored = (page: Page) => {
    setDrafts((current) => ({ ...current, [page.slug]: draftOf(page) }));
    onPages(pages.map((old) => (old.slug === page.slug ? page : old)));
  };
  const textOf = (page: Pick<Page, 'title' | 'body' | 'translations'>) => ({
    title: page.title,
    text: page.body,
    translations: page.translations,
  });
  const changes = stale ? changedFields(textOf(stale.current), textOf(draft)) : [];

  async function saveFrom(version: string) {
    const parsed = PageInput.safeParse(draft);
    if (!parsed.success) return action.refuse(SAVE, FAILED, parsed.error.issues[0]?.message);
    const problem = publishingProblem(draft.publishing);
    if (problem) return action.refuse(SAVE, FAILED, problem);
    let refused: StaleSave<Page> | null = null;
    const ok = await action.run(SAVE, FAILED, async () => {
      const json = { ...parsed.data, ...publishingBody(draft.publishing), version };
      try {
        showStored(await adminRequest<Page>(`/api/pages/${slug}`, { method: 'PUT', json }));
      } catch (error) {
        refused = staleSaveOf<Page>(error);
        if (!refused) throw error;
      }
    });
    setStale(refused);
    if (ok && !refused) setSavedSlug(slug);
  }

  function save(event: FormEvent) {
    event.preventDefault();
    void saveFrom(draft.version);
  }

  /** Takes the page as saved now into the form, keeping the person's own text beside it. */
  function takeTheirs(current: Page) {
    setYours(changes);
    setStale(null);
    showStored(current);
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
              setStale(null);
              setYours([]);
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
        <EditingNow target={`pages/${slug}`} what="this page" />
        <ItemStateLine item={stored} />
        {stored.live && stored.status !== 'published' && (
          <p className="hint">Visitors read the text it had when it was last published until this one is.</p>
        )}
        <SaveConflict
          stale={stale}
          changes={changes}
          yours={yours}
          busy={action.busy}
          onUseTheirs={takeTheirs}
          onSaveMine={(theirs) => void saveFrom(theirs)}
        />
        <TranslatableField
          id="page-title"
          label="Title"
          field="title"
          value={draft.title}
          onChange={(title) => edit({ title })}
          translating={translating}
          required
        >
          {(text) => <TextField {...text} disabled={action.busy} maxLength={120} />}
        </TranslatableField>
        <TranslatableField
          id="page-body"
          label="Text"
          field="body"
          value={draft.body}
          onChange={(body) => edit({ body })}
          translating={translating}
        >
          {(text) => (
            <MarkdownField
              {...text}
              disabled={action.busy}
              maxLength={PAGE_BODY_LIMIT}
              rows={18}
              lineBreaks={false}
              below={<TextWarnings fieldId={text.id} text={text.value} />}
            />
          )}
        </TranslatableField>
        <PublishingChoice
          idPrefix={`page-${slug}`}
          value={draft.publishing}
          onChange={(publishing) => edit({ publishing })}
          disabled={action.busy}
        />
        <Alert failure={action.alertFor(SAVE)} onDismiss={action.dismiss} />
        {savedSlug === slug && !changed && (
          <p className="notice notice-success" role="status">
            {stored.status === 'published' && !stored.publishAt
              ? 'The page is saved. The site is being republished with it.'
              : 'The page is saved. Visitors see it once it is published.'}
          </p>
        )}
        <div className="form-actions">
          <button type="submit" disabled={action.busy}>
            {action.label(SAVE, 'Save page', 'Saving…')}
          </button>
          <PreviewButton kind="pages" id={slug} title={stored.title} label="Show as published" />
          <a className="button secondary" href={`/${slug}`} target="_blank" rel="noopener">
            View page
          </a>
          {changed && <span className="save-state">You have unsaved changes.</span>}
        </div>
      </form>
    </Panel>
  );
});
