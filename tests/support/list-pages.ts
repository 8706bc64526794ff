/** The HTML of a public list's pages (`/eventsnews/events`…), following their rel="next" links. */
export async function listPages(first: string): Promise<string> {
  let html = '';
  for (let url: string | undefined = first; url; ) {
    const page = await (await fetch(url)).text();
    html += page;
    const next = /<a[^>]*rel="next"[^>]*href="([^"]+)"|<a[^>]*href="([^"]+)"[^>]*rel="next"/.exec(page);
    url = next ? new URL(next[1] ?? next[2]!, url).href : undefined;
  }
  return html;
}
