/**
 * The script of /search: results as the visitor types, from Pagefind's search client (served with
 * the index at /pagefind/pagefind.js, loaded on the first search). Each result is a link in a list
 * with its excerpt (the words found marked) and its kind; a live region says how many were found,
 * in the page's words (`data-search-words`). Pagefind searches the index of the page's
 * `<html lang>`: /hi/search finds the Hindi pages.
 */
import { SEARCH_INDEX_PATH, SEARCH_KINDS, type SearchKind } from '../contract/search.ts';
import { type IslandWords, islandMessages, type Messages } from '../i18n/catalogue.ts';

interface PagefindResultData {
  url: string;
  excerpt: string;
  meta: Record<string, string | undefined>;
}
interface PagefindResult {
  id: string;
  data(): Promise<PagefindResultData>;
}
interface Pagefind {
  options(options: Record<string, unknown>): Promise<void>;
  debouncedSearch(term: string, options?: object, debounceMs?: number): Promise<{ results: PagefindResult[] } | null>;
}

/** Results shown at first, and added by each "Show more results". */
const PAGE = 10;
/** Pause in typing before a search runs. */
const DEBOUNCE_MS = 200;

let client: Promise<Pagefind> | null = null;

function pagefind(): Promise<Pagefind> {
  client ??= (async () => {
    const url = `${SEARCH_INDEX_PATH}/pagefind.js`;
    const module = (await import(/* @vite-ignore */ url)) as Pagefind;
    await module.options({ excerptLength: 24 });
    return module;
  })();
  return client;
}

export function runSearchPage(root: Document) {
  const words = root.querySelector<HTMLElement>('[data-search-words]')!.dataset.searchWords!;
  const messages = islandMessages(JSON.parse(words) as IslandWords);
  const { t, plural } = messages;
  const form = root.querySelector<HTMLFormElement>('[data-search-form]')!;
  const input = root.querySelector<HTMLInputElement>('[data-search-input]')!;
  const status = root.querySelector<HTMLElement>('[data-search-status]')!;
  const list = root.querySelector<HTMLOListElement>('[data-search-results]')!;
  const more = root.querySelector<HTMLButtonElement>('[data-search-more]')!;
  let results: PagefindResult[] = [];
  let shown = 0;
  let latest = 0;

  const showMore = async (term: string, run: number) => {
    const next = await Promise.all(results.slice(shown, shown + PAGE).map((result) => result.data()));
    if (run !== latest) return;
    const first = list.children.length;
    for (const data of next) list.append(resultItem(root, data, messages));
    shown += next.length;
    more.hidden = shown >= results.length;
    list.hidden = shown === 0;
    const count = results.length;
    status.textContent = count === 0 ? t('search.noResults', { term }) : plural('search.results', count, { term });
    return first;
  };

  const search = async () => {
    const term = input.value.trim();
    const run = ++latest;
    const url = new URL(location.href);
    if (term) url.searchParams.set('q', term);
    else url.searchParams.delete('q');
    history.replaceState(null, '', url);
    if (!term) {
      results = [];
      list.replaceChildren();
      list.hidden = true;
      more.hidden = true;
      status.textContent = '';
      return;
    }
    try {
      const found = await (await pagefind()).debouncedSearch(term, {}, DEBOUNCE_MS);
      if (!found || run !== latest) return; // a newer search replaced this one
      results = found.results;
      shown = 0;
      list.replaceChildren();
      await showMore(term, run);
    } catch {
      if (run === latest) status.textContent = t('search.unavailable');
    }
  };

  input.addEventListener('input', () => void search());
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void search();
  });
  more.addEventListener('click', async () => {
    const first = await showMore(input.value.trim(), latest);
    // Keyboard users continue at the first new result.
    if (first !== undefined) list.children[first]?.querySelector('a')?.focus();
  });
  const initial = new URL(location.href).searchParams.get('q');
  if (initial) {
    input.value = initial;
    void search();
  }
}

const isKind = (kind: string): kind is SearchKind => Object.hasOwn(SEARCH_KINDS, kind);

function resultItem(root: Document, data: PagefindResultData, { t }: Messages): HTMLLIElement {
  const item = root.createElement('li');
  const link = root.createElement('a');
  link.className = 'result-title';
  link.href = data.url;
  link.textContent = data.meta.title || data.url;
  const kind = root.createElement('span');
  kind.className = 'result-kind';
  const kindOf = data.meta.kind ?? SEARCH_KINDS.page;
  kind.textContent = isKind(kindOf) ? t(`search.kind.${kindOf}`) : kindOf;
  const excerpt = root.createElement('p');
  excerpt.className = 'result-excerpt';
  excerpt.append(...markedText(root, data.excerpt));
  item.append(link, kind, excerpt);
  return item;
}

/** The excerpt's text with only its `<mark>` elements kept: nothing else in it becomes markup. */
function markedText(root: Document, html: string): Node[] {
  const template = root.createElement('template');
  template.innerHTML = html; // inert: nothing in a template runs or loads
  return Array.from(template.content.childNodes, (node) => {
    if (node.nodeName !== 'MARK') return root.createTextNode(node.textContent ?? '');
    const mark = root.createElement('mark');
    mark.textContent = node.textContent;
    return mark;
  });
}
