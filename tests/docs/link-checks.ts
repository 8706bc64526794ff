/**
 * The checks of the docs' links and images: a relative link leads to a file of the repository (and
 * its `#anchor` to a heading of it), an image is at most 300 KB, the product's addresses are written
 * as http://localhost:5000/… (answered as paths, for the test to request from its server), and
 * other sites are https on one of the few `EXTERNAL_HOSTS` (fetched only when asked).
 */
import { statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { type Doc, PRODUCT_ORIGIN } from './doc-reading.ts';
import { type Project, root } from './project-facts.ts';

/** The few other sites the docs may link to. */
const EXTERNAL_HOSTS = new Set([
  'astro.build',
  'hono.dev',
  'biomejs.dev',
  'github.com',
  'immerjs.github.io',
  'tiptap.dev',
]);

/** The product's addresses the docs link to (paths), and what is wrong with the other links. */
export function linkProblems(
  doc: Doc,
  docs: Map<string, Doc>,
  project: Project,
): { problems: string[]; product: string[] } {
  const problems: string[] = [];
  const product: string[] = [];
  for (const link of doc.links) {
    const where = `${doc.file}:${link.line} (${link.href})`;
    if (link.href.startsWith('http://localhost') || link.href.startsWith('https://localhost')) {
      const url = URL.parse(link.href);
      if (!url || url.origin !== PRODUCT_ORIGIN) {
        problems.push(`${where}: write the product's addresses as ${PRODUCT_ORIGIN}/…`);
      } else {
        product.push(url.pathname + url.search);
      }
    } else if (/^[a-z][a-z0-9+.-]*:/i.test(link.href)) {
      const url = URL.parse(link.href);
      if (url?.protocol !== 'https:') problems.push(`${where}: links to other sites must be https`);
      else if (!EXTERNAL_HOSTS.has(url.hostname)) {
        problems.push(`${where}: ${url.hostname} is not one of the few sites the docs link to (EXTERNAL_HOSTS)`);
      }
    } else if (link.href.startsWith('/')) {
      problems.push(`${where}: a path from the root is not a file on GitHub; write ${PRODUCT_ORIGIN}${link.href}`);
    } else {
      const [path = '', anchor] = link.href.split('#');
      const target = path === '' ? doc.file : relative(root, resolve(root, dirname(doc.file), decodeURI(path)));
      if (target.startsWith('..')) problems.push(`${where}: leads outside the repository`);
      else if (!project.exists(target)) problems.push(`${where}: ${target} does not exist`);
      else if (anchor !== undefined) {
        const targetDoc = docs.get(target);
        if (!targetDoc) problems.push(`${where}: an anchor into ${target}, which is not one of the docs read`);
        else if (!targetDoc.anchors.has(decodeURIComponent(anchor))) {
          problems.push(`${where}: ${target} has no heading #${anchor}`);
        }
      }
      if (link.image && project.exists(target) && statSync(resolve(root, target)).size > 300 * 1024) {
        problems.push(`${where}: the image is larger than 300 KB`);
      }
    }
  }
  return { problems, product };
}

/** The links of the docs to other sites that answer neither HEAD nor GET with a success. */
export async function unansweredExternalLinks(docs: Iterable<Doc>): Promise<string[]> {
  const external = [
    ...new Set(
      [...docs].flatMap((doc) => doc.links.map((link) => link.href).filter((href) => href.startsWith('https://'))),
    ),
  ];
  const failing: string[] = [];
  for (const href of external) {
    let status = (await fetch(href, { method: 'HEAD', redirect: 'follow' }).catch(() => null))?.status ?? 0;
    if (status === 0 || status >= 400) {
      status = (await fetch(href, { redirect: 'follow' }).catch(() => null))?.status ?? 0;
    }
    if (status === 0 || status >= 400) failing.push(`${href}: ${status || 'no answer'}`);
  }
  return failing;
}
