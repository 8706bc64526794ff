/**
 * Reading the docs: README.md and docs/*.md parsed as GitHub shows them (markdown-it), into the
 * anchors of their headings (GitHub's slugs), their links and images, their fences and what each
 * says it holds, the command lines of the shell fences (comments dropped, continuations joined),
 * and the cells of their tables.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import MarkdownIt, { type Token } from 'markdown-it';
import { root } from './project-facts.ts';

/** The product's address as the docs write it. */
export const PRODUCT_ORIGIN = 'http://localhost:5000';
/** The fence languages of commands. */
export const SHELL_FENCES = new Set(['sh', 'bash', 'shell']);

interface Link {
  href: string;
  line: number;
  image: boolean;
}

export interface CommandLine {
  doc: string;
  line: number;
  /** The logical line (continuations joined). */
  text: string;
  /** The fence it is in: the other lines of the same example. */
  fence: string;
}

export interface Doc {
  /** Path from the project root, e.g. `docs/operating.md`. */
  file: string;
  text: string;
  /** GitHub's anchors of its headings. */
  anchors: Set<string>;
  links: Link[];
  commands: CommandLine[];
  fences: { line: number; info: string }[];
  /** The rows of its tables, as the texts of their cells (inline code kept with its backticks). */
  tableRows: string[][];
}

/** README.md and docs/*.md, by their paths from the project root. */
export function projectDocs(): Map<string, Doc> {
  const files = [
    'README.md',
    ...readdirSync(join(root, 'docs'))
      .filter((name) => name.endsWith('.md'))
      .map((name) => `docs/${name}`),
  ];
  return new Map(files.map((file) => [file, readDoc(file, readFileSync(join(root, file), 'utf8'))]));
}

/** GitHub links bare http(s) addresses, not every word that ends like a domain (`README.md`). */
const markdown = new MarkdownIt({ linkify: true });
markdown.linkify.set({ fuzzyLink: false, fuzzyEmail: false });

export function readDoc(file: string, text: string): Doc {
  const tokens = markdown.parse(text, {});
  const doc: Doc = { file, text, anchors: new Set(), links: [], commands: [], fences: [], tableRows: [] };
  const slugCounts = new Map<string, number>();
  let row: string[] | null = null;
  tokens.forEach((token, index) => {
    const line = (token.map?.[0] ?? 0) + 1;
    if (token.type === 'heading_open') {
      const slug = githubSlug(plainText(tokens[index + 1]?.children ?? []));
      const seen = slugCounts.get(slug) ?? 0;
      slugCounts.set(slug, seen + 1);
      doc.anchors.add(seen === 0 ? slug : `${slug}-${seen}`);
    }
    if (token.type === 'tr_open') row = [];
    if (token.type === 'tr_close' && row) doc.tableRows.push(row);
    if (token.type === 'inline' && row && /^t[hd]_open$/.test(tokens[index - 1]?.type ?? '')) {
      row.push(codeText(token.children ?? []));
    }
    if (token.type === 'fence' || token.type === 'code_block') {
      const info = token.info.trim().split(/\s+/)[0] ?? '';
      doc.fences.push({ line, info });
      if (SHELL_FENCES.has(info)) {
        for (const command of logicalLines(token.content)) {
          doc.commands.push({ doc: file, line: line + 1 + command.offset, text: command.text, fence: token.content });
        }
      }
    }
    if (token.type === 'inline') {
      for (const child of token.children ?? []) {
        if (child.type === 'link_open')
          doc.links.push({ href: String(child.attrGet('href') ?? ''), line, image: false });
        if (child.type === 'image') doc.links.push({ href: String(child.attrGet('src') ?? ''), line, image: true });
      }
    }
  });
  return doc;
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
export function githubSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

function plainText(children: Token[]): string {
  return children.map((child) => (child.type === 'text' || child.type === 'code_inline' ? child.content : '')).join('');
}

function codeText(children: Token[]): string {
  return children
    .map((child) =>
      child.type === 'code_inline' ? `\`${child.content}\`` : child.type === 'text' ? child.content : '',
    )
    .join('');
}

/** The commands of a shell block: comments and blank lines dropped, `\` continuations joined. */
function logicalLines(content: string): { offset: number; text: string }[] {
  const lines: { offset: number; text: string }[] = [];
  let pending: { offset: number; text: string } | null = null;
  content.split('\n').forEach((raw, offset) => {
    const text = raw.trim();
    if (!pending && (text === '' || text.startsWith('#'))) return;
    const continued = text.endsWith('\\');
    const part = continued ? text.slice(0, -1).trim() : text;
    pending = pending ? { offset: pending.offset, text: `${pending.text} ${part}` } : { offset, text: part };
    if (!continued) {
      lines.push(pending);
      pending = null;
    }
  });
  if (pending) lines.push(pending);
  return lines;
}
