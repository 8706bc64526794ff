/**
 * The README and docs/ as a test: every command written in them is checked against the project
 * (a renamed script, a variable the product no longer reads, a missing file fail here), the quick
 * ones are run in temporary folders, and every link and image leads somewhere.
 *
 * - Commands are the lines of the fenced blocks marked `sh`, `bash` or `shell` (every fence must
 *   say what it holds: output and examples are `text`). `npm run X` must be a script of
 *   package.json, `npx X` a binary of node_modules, `node FILE` and every project path a file;
 *   each `NAME=value` given to a command and each `$NAME` must be a variable the code reads (found
 *   in the sources now, not listed here), or a shell variable the block sets.
 * - Run for real, with DATA_DIR, UPLOADS_DIR and PORT pointing at temporary folders and a free port
 *   (the values a command names for them, its archive paths and `--out` folders are moved into
 *   those folders; the rest of the line is the docs' own): seed:demo, backup, restore, recover,
 *   build, publish (to an S3 server in this process), `npm start` and `npm run dev` (started,
 *   answered, stopped), and the API examples (`curl`, against the test server). Checked only:
 *   what `STATIC_ONLY` lists, each with why.
 * - Links: relative files must exist and their `#anchor` name a heading (GitHub's slugs); the
 *   product's addresses (http://localhost:5000/…) are requested from a test server and must answer
 *   2xx or 3xx; other sites must be https on one of `EXTERNAL_HOSTS`, and are fetched only with
 *   CHECK_EXTERNAL_LINKS=1.
 *
 * The first `describe` runs the same checks on broken fixtures, so that a check that can no longer
 * fail is noticed.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import MarkdownIt, { type Token } from 'markdown-it';
import { afterAll, describe, expect, it } from 'vitest';
import { testServer } from '../support/harness.ts';
import { startServer } from '../support/server.ts';
import { testBucket } from '../support/test-bucket.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

// ---------------------------------------------------------------------------------------------
// Reading the docs

/** The product's address as the docs write it. */
const PRODUCT_ORIGIN = 'http://localhost:5000';
/** The fence languages the docs may use: commands, output and examples, and the proxy's config. */
const SHELL_FENCES = new Set(['sh', 'bash', 'shell']);
const OTHER_FENCES = new Set(['text', 'nginx', 'json']);
/** The few other sites the docs may link to. */
const EXTERNAL_HOSTS = new Set(['astro.build', 'hono.dev', 'biomejs.dev', 'github.com', 'immerjs.github.io']);

interface Link {
  href: string;
  line: number;
  image: boolean;
}

interface CommandLine {
  doc: string;
  line: number;
  /** The logical line (continuations joined). */
  text: string;
  /** The fence it is in: the other lines of the same example. */
  fence: string;
}

interface Doc {
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

/** GitHub links bare http(s) addresses, not every word that ends like a domain (`README.md`). */
const markdown = new MarkdownIt({ linkify: true });
markdown.linkify.set({ fuzzyLink: false, fuzzyEmail: false });

function readDoc(file: string, text: string): Doc {
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
function githubSlug(heading: string): string {
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

// ---------------------------------------------------------------------------------------------
// Reading a command line (as much of the shell as the docs use)

/** One simple command: its `NAME=value` prefixes, its words, its `$(…)` and where it is in the line. */
interface Segment {
  assignments: { name: string; value: string }[];
  argv: string[];
  substitutions: string[];
  text: string;
}

function segments(line: string): Segment[] {
  const result: Segment[] = [];
  let words: { value: string; start: number; end: number }[] = [];
  let substitutions: string[] = [];
  let current: { value: string; start: number; end: number } | null = null;
  const endWord = (at: number) => {
    if (current) words.push({ ...current, end: at });
    current = null;
  };
  const endSegment = () => {
    const first = words.findIndex((word) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(word.value));
    const split = first === -1 ? words.length : first;
    if (words.length > 0) {
      result.push({
        assignments: words.slice(0, split).map((word) => {
          const at = word.value.indexOf('=');
          return { name: word.value.slice(0, at), value: word.value.slice(at + 1) };
        }),
        argv: words.slice(split).map((word) => word.value),
        substitutions,
        text: line.slice(words[0]!.start, words.at(-1)!.end),
      });
    }
    words = [];
    substitutions = [];
  };
  const word = (at: number) => {
    current ??= { value: '', start: at, end: at };
    return current;
  };
  let i = 0;
  while (i < line.length) {
    const c = line[i]!;
    if (c === ' ' || c === '\t') {
      endWord(i);
      i++;
    } else if (c === '#' && !current) {
      break;
    } else if (line.startsWith('&&', i) || line.startsWith('||', i)) {
      endWord(i);
      endSegment();
      i += 2;
    } else if (c === '|' || c === ';') {
      endWord(i);
      endSegment();
      i++;
    } else if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end === -1) throw new Error(`Unclosed ' in: ${line}`);
      word(i).value += line.slice(i + 1, end);
      i = end + 1;
    } else if (c === '"') {
      const w = word(i);
      i++;
      while (i < line.length && line[i] !== '"') {
        if (line[i] === '\\') {
          w.value += line[i + 1] ?? '';
          i += 2;
        } else if (line.startsWith('$(', i)) {
          const end = closingParen(line, i + 1);
          substitutions.push(line.slice(i + 2, end));
          w.value += line.slice(i, end + 1);
          i = end + 1;
        } else {
          w.value += line[i];
          i++;
        }
      }
      if (i >= line.length) throw new Error(`Unclosed " in: ${line}`);
      i++;
    } else if (line.startsWith('$(', i)) {
      const end = closingParen(line, i + 1);
      substitutions.push(line.slice(i + 2, end));
      word(i).value += line.slice(i, end + 1);
      i = end + 1;
    } else if (c === '\\') {
      word(i).value += line[i + 1] ?? '';
      i += 2;
    } else {
      word(i).value += c;
      i++;
    }
  }
  endWord(line.length);
  endSegment();
  return result;
}

/** The index of the `)` that closes the `(` at `open`, past quotes and nested parentheses. */
function closingParen(line: string, open: number): number {
  let depth = 0;
  for (let i = open; i < line.length; i++) {
    const c = line[i];
    if (c === "'" || c === '"') {
      const end = line.indexOf(c, i + 1);
      if (end === -1) break;
      i = end;
    } else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i;
  }
  throw new Error(`Unclosed $( in: ${line}`);
}

/** The `$NAME` and `${NAME}` a line uses (not inside single quotes). */
function referencedVariables(line: string): string[] {
  const unquoted = line.replace(/'[^']*'/g, "''");
  return [...unquoted.matchAll(/\$\{?([A-Za-z_][A-Za-z0-9_]*)/g)].map((match) => match[1]!);
}

// ---------------------------------------------------------------------------------------------
// What the project has: scripts, binaries, files, the environment variables its code reads

interface Project {
  scripts: Record<string, string>;
  /** Read by the product (admin-api/, site/) or by the AWS SDK it publishes with. */
  productEnv: Set<string>;
  /** Read by the tests and the bench. */
  testEnv: Set<string>;
  exists(path: string): boolean;
}

function sourceFiles(dir: string, extensions: RegExp): string[] {
  return readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && extensions.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The variables a set of source files reads from the environment (`env.NAME`, `env['NAME']`). */
function environmentReads(files: string[]): Set<string> {
  const names = new Set<string>();
  for (const file of files) {
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/\benv\??\.([A-Z][A-Z0-9_]*)\b(?!\s*=[^=])/g)) names.add(match[1]!);
    for (const match of source.matchAll(/\benv\[['"]([A-Z][A-Z0-9_]*)['"]\]/g)) names.add(match[1]!);
  }
  return names;
}

/** What the AWS SDK reads for credentials: the names in its environment provider. */
function awsSdkEnvironment(): Set<string> {
  const s3 = createRequire(join(root, 'package.json')).resolve('@aws-sdk/client-s3');
  const provider = createRequire(s3).resolve('@aws-sdk/credential-provider-env');
  return new Set(readFileSync(provider, 'utf8').match(/\bAWS_[A-Z_]+\b/g));
}

function realProject(): Project {
  const productSources = [
    ...sourceFiles('admin-api', /\.ts$/),
    ...sourceFiles('site', /\.(ts|tsx|astro|mjs)$/),
    join(root, 'astro.config.mjs'),
  ].filter((file) => !/\.test\.ts$/.test(file));
  const testSources = [...sourceFiles('tests', /\.ts$/), ...sourceFiles('bench', /\.ts$/)];
  return {
    scripts: JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts,
    productEnv: new Set([...environmentReads(productSources), ...awsSdkEnvironment()]),
    testEnv: environmentReads(testSources),
    exists: (path) => existsSync(resolve(root, path)),
  };
}

/**
 * Variables the product reads that are not settings: the server sets them for its own children.
 * Every other variable the product reads must be in docs/configuration.md.
 */
const INTERNAL_VARIABLES: Record<string, string> = {
  SCHOOL_DEV_API: 'set by npm run dev for its Astro middleware',
  SCHOOL_UPLOADS_DIR: "set by the server for the renderer (UPLOADS_DIR's value)",
  ASTRO_TELEMETRY_DISABLED: 'set by the server and the dev server for Astro',
  NODE_ENV: 'set by the server for the renderer',
};

const ENV_NAME = /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$/;

// ---------------------------------------------------------------------------------------------
// The static checks

/** npm's own commands the docs may use (beside the scripts); `npm publish` is not one of them. */
const NPM_BUILTINS = new Set(['install', 'ci', 'audit']);
const PROJECT_PATH = /^(\.\/)?(admin-api|site|tests|bench|docs|\.ci)\//;

/** A test or bench command: it may be given the variables the tests and the bench read. */
function isTestCommand(argv: string[]): boolean {
  const [command, sub, script] = argv;
  if (command === 'npx') return sub === 'vitest';
  if (command !== 'npm') return false;
  if (sub === 'test') return true;
  return (sub === 'run' || sub === 'run-script') && /^(test|bench)(:|$)/.test(script ?? '');
}

function commandProblems(commands: CommandLine[], project: Project): string[] {
  const problems: string[] = [];
  const shellVariables = new Map<string, Set<string>>();
  for (const command of commands) {
    const where = `${command.doc}:${command.line} \`${command.text}\``;
    const defined = shellVariables.get(command.fence) ?? new Set<string>();
    shellVariables.set(command.fence, defined);
    let parts: Segment[];
    try {
      parts = segments(command.text);
    } catch (error) {
      problems.push(`${where}: ${(error as Error).message}`);
      continue;
    }
    const check = (segment: Segment) => {
      for (const inner of segment.substitutions) for (const part of segments(inner)) check(part);
      const [program, ...args] = segment.argv;
      if (!program) {
        for (const { name } of segment.assignments) defined.add(name);
        return;
      }
      const known = isTestCommand(segment.argv)
        ? new Set([...project.productEnv, ...project.testEnv])
        : project.productEnv;
      for (const { name } of segment.assignments) {
        if (!known.has(name)) problems.push(`${where}: ${name} is not a variable the code reads`);
      }
      if (program === 'npm') {
        const [sub, script] = args;
        if (sub === 'run' || sub === 'run-script') {
          if (!script || !(script in project.scripts))
            problems.push(`${where}: package.json has no script "${script}"`);
        } else if (sub === 'start' || sub === 'test') {
          if (!(sub in project.scripts)) problems.push(`${where}: package.json has no script "${sub}"`);
        } else if (sub === 'publish') {
          problems.push(`${where}: npm publish is npm's own command (it publishes the package): npm run publish`);
        } else if (!sub || !NPM_BUILTINS.has(sub)) {
          problems.push(`${where}: "npm ${sub}" is neither a script nor an npm command the docs use`);
        }
      } else if (program === 'npx') {
        if (!args[0] || !project.exists(`node_modules/.bin/${args[0]}`)) {
          problems.push(`${where}: npx ${args[0]}: no such binary in node_modules/.bin`);
        }
      } else if (program === 'node') {
        const file = args.find((arg) => !arg.startsWith('-'));
        if (!args[0]?.startsWith('-') && (!file || !project.exists(file))) {
          problems.push(`${where}: node ${file}: no such file`);
        }
      } else if (program === 'curl') {
        for (const url of args.filter((arg) => /^https?:/.test(arg))) {
          if (!url.startsWith(`${PRODUCT_ORIGIN}/`)) problems.push(`${where}: curl calls ${url}, not the product`);
        }
      } else {
        problems.push(`${where}: the docs test does not know the command "${program}"`);
      }
      for (const arg of args.filter((arg) => PROJECT_PATH.test(arg))) {
        if (!project.exists(arg)) problems.push(`${where}: ${arg}: no such file`);
      }
    };
    for (const segment of parts) check(segment);
    for (const name of referencedVariables(command.text)) {
      if (!defined.has(name) && !project.productEnv.has(name) && !project.testEnv.has(name)) {
        problems.push(`${where}: $${name} is neither set by the example nor read by the code`);
      }
    }
  }
  return problems;
}

/** Fences that do not say what they hold, and `npm run X` / `node FILE` anywhere in the text. */
function textProblems(doc: Doc, project: Project): string[] {
  const problems: string[] = [];
  for (const fence of doc.fences) {
    if (!SHELL_FENCES.has(fence.info) && !OTHER_FENCES.has(fence.info)) {
      problems.push(
        `${doc.file}:${fence.line}: a code block marked "${fence.info}": use sh for commands, text for output and examples`,
      );
    }
  }
  for (const match of doc.text.matchAll(/\bnpm run ([a-z][\w-]*(?::[\w-]+)*)/g)) {
    if (!(match[1]! in project.scripts))
      problems.push(`${doc.file}: "npm run ${match[1]}": package.json has no such script`);
  }
  for (const match of doc.text.matchAll(/`node ((?:admin-api|site|tests|bench)\/[^\s`]+)/g)) {
    if (!project.exists(match[1]!)) problems.push(`${doc.file}: "node ${match[1]}": no such file`);
  }
  return problems;
}

/**
 * The variables the docs name: in backticks anywhere, they must be read by the code; in the tables
 * of docs/configuration.md, by the product. And every variable the product reads is in those tables.
 */
function variableProblems(docs: Doc[], project: Project): string[] {
  const problems: string[] = [];
  const everything = new Set([...project.productEnv, ...project.testEnv]);
  const named = (text: string) =>
    [...text.matchAll(/`([A-Z][A-Z0-9_]*\*?)`/g)]
      .map((match) => match[1]!)
      .filter((name) => ENV_NAME.test(name.replace(/_?\*$/, '_X')));
  const isKnown = (name: string, set: Set<string>) =>
    name.endsWith('*') ? [...set].some((known) => known.startsWith(name.slice(0, -1))) : set.has(name);
  // The architecture names the code's constants (`PUBLICATION_LISTS`), not settings.
  for (const doc of docs.filter((doc) => doc.file !== 'docs/architecture.md')) {
    for (const name of named(doc.text)) {
      if (!isKnown(name, everything)) problems.push(`${doc.file}: \`${name}\` is not a variable the code reads`);
    }
  }
  const configuration = docs.find((doc) => doc.file === 'docs/configuration.md');
  if (!configuration) return [...problems, 'docs/configuration.md is missing'];
  const documented = new Set<string>();
  for (const row of configuration.tableRows) {
    const first = row[0] ?? '';
    for (const match of first.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) {
      const name = match[1]!;
      documented.add(name);
      if (!project.productEnv.has(name)) {
        problems.push(`docs/configuration.md: the table names \`${name}\`, which the product does not read`);
      }
    }
  }
  for (const name of project.productEnv) {
    if (name.startsWith('AWS_') || name in INTERNAL_VARIABLES || documented.has(name)) continue;
    problems.push(`docs/configuration.md: the product reads ${name}, which no table there describes`);
  }
  for (const name of ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY']) {
    if (!documented.has(name))
      problems.push(`docs/configuration.md: the bucket's credentials (${name}) are not in a table`);
  }
  return problems;
}

/** The product's addresses the docs link to (paths), and what is wrong with the other links. */
function linkProblems(doc: Doc, docs: Map<string, Doc>, project: Project): { problems: string[]; product: string[] } {
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

// ---------------------------------------------------------------------------------------------
// The docs of the project

const DOC_FILES = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
const docs = new Map(DOC_FILES.map((file) => [file, readDoc(file, readFileSync(join(root, file), 'utf8'))]));
const allCommands = [...docs.values()].flatMap((doc) => doc.commands);
const project = realProject();

/** Commands the test checks but does not run, and why. */
const STATIC_ONLY: [RegExp, string][] = [
  [/^npm (install|ci)\b/, 'changes node_modules, which the whole working tree runs on'],
  [/^npm test$/, 'the whole suite, this file included'],
  [/^npx vitest\b/, 'runs tests: the fuzzing for minutes, or this very file again'],
  [/^npm audit\b/, "asks the registry's audit service, which CI reaches"],
  [/^npm run lint$/, 'checks the whole tree, as npm test does first'],
  [/^npm run format$/, 'rewrites the files of the tree in place'],
  [/^npm run typecheck$/, 'npm test runs it first; astro sync writes .astro/'],
  [/^npm run test:chaos$/, 'minutes of crashes: CI runs it'],
  [/^npm run bench(:[\w-]+)?$/, 'minutes long, needs nginx and wrk as root: run on purpose'],
];

function staticReason(segment: Segment): string | undefined {
  const command = segment.argv.join(' ');
  return STATIC_ONLY.find(([pattern]) => pattern.test(command))?.[1];
}

/** What running a command needs: the kind of recipe below, by its program and script. */
function recipeOf(segment: Segment): string | undefined {
  const [program, sub, script] = segment.argv;
  if (program === 'curl') return 'api';
  if (program !== 'npm') return undefined;
  if (sub === 'start') return 'serve';
  if (sub === 'run' && script === 'dev') return 'serve';
  if (sub === 'run' && ['seed:demo', 'backup', 'restore', 'recover', 'build', 'publish'].includes(script ?? '')) {
    return script;
  }
  return undefined;
}

describe('the checks fail on broken docs', () => {
  const fixture = (text: string, file = 'docs/fixture.md') => readDoc(file, text);

  it('a script renamed in package.json fails every command that runs it', () => {
    const scripts = { ...project.scripts };
    scripts.seed = scripts['seed:demo']!;
    delete scripts['seed:demo'];
    const renamed = { ...project, scripts };
    const problems = [
      ...commandProblems(allCommands, renamed),
      ...[...docs.values()].flatMap((doc) => textProblems(doc, renamed)),
    ];
    expect(problems.some((problem) => problem.includes('"seed:demo"'))).toBe(true);
  });

  it('an unknown script, npm publish, a missing file, an unknown variable or command', () => {
    const problems = commandProblems(
      fixture(
        [
          '```sh',
          'npm run seed-demo',
          'npm publish',
          'node admin-api/no-such-file.ts',
          'SCHOOL_COLOUR=blue npm start',
          'npm start -- $NOT_SET_ANYWHERE',
          'rm -rf data',
          '```',
        ].join('\n'),
      ).commands,
      project,
    ).join('\n');
    expect(problems).toMatch(/no script "seed-demo"/);
    expect(problems).toMatch(/npm publish is npm's own/);
    expect(problems).toMatch(/no-such-file.ts: no such file/);
    expect(problems).toMatch(/SCHOOL_COLOUR is not a variable/);
    expect(problems).toMatch(/\$NOT_SET_ANYWHERE/);
    expect(problems).toMatch(/does not know the command "rm"/);
  });

  it('a variable set by the example itself is not a problem; one given to the product must be read by it', () => {
    const ok = fixture(
      '```sh\nTOKEN=$(curl -s http://localhost:5000/api/x)\ncurl -H "A: $TOKEN" http://localhost:5000/api/y\n```',
    );
    expect(commandProblems(ok.commands, project)).toEqual([]);
    expect(commandProblems(fixture('```sh\nFUZZ_RUNS=5 npm start\n```').commands, project).join()).toMatch(/FUZZ_RUNS/);
  });

  it('an untagged fence, a script named in the text, a variable in the configuration table', () => {
    const doc = fixture('```\nnpm start\n```\n\nRun `npm run no-such-script`.\n');
    expect(textProblems(doc, project).join('\n')).toMatch(/marked ""[\s\S]*no-such-script/);
    const configuration = readDoc(
      'docs/configuration.md',
      '| Variable | Meaning |\n| --- | --- |\n| `PORT` | port |\n| `NO_SUCH_SETTING` | nothing |\n',
    );
    const problems = variableProblems([configuration], project).join('\n');
    expect(problems).toMatch(/names `NO_SUCH_SETTING`, which the product does not read/);
    expect(problems).toMatch(/reads DATA_DIR, which no table there describes/);
  });

  it('a missing file, a missing heading, a path from the root, a site not allowed', () => {
    const doc = fixture(
      [
        '[a](nowhere.md) [b](operating.md#no-such-heading) [c](operating.md#backup) [d](/admin)',
        '[e](https://example.com/) [f](http://github.com/) [g](http://localhost:4321/)',
        '![h](images/missing.png)',
      ].join('\n'),
    );
    const { problems, product } = linkProblems(doc, docs, project);
    const text = problems.join('\n');
    expect(text).toMatch(/docs\/nowhere.md does not exist/);
    expect(text).toMatch(/no heading #no-such-heading/);
    expect(text).not.toMatch(/#backup/);
    expect(text).toMatch(/\(\/admin\): a path from the root/);
    expect(text).toMatch(/example.com is not one of/);
    expect(text).toMatch(/must be https/);
    expect(text).toMatch(/localhost:4321\/\): write the product's addresses/);
    expect(text).toMatch(/docs\/images\/missing.png does not exist/);
    expect(product).toEqual([]);
  });

  it("GitHub's anchors", () => {
    expect(githubSlug("A person's request")).toBe('a-persons-request');
    expect(githubSlug('Serving the pages from elsewhere, publishing to a bucket')).toBe(
      'serving-the-pages-from-elsewhere-publishing-to-a-bucket',
    );
    expect(githubSlug('Versions and 412')).toBe('versions-and-412');
    expect([...readDoc('x.md', '# A\n## A\n## `npm run dev`\n').anchors]).toEqual(['a', 'a-1', 'npm-run-dev']);
  });

  it('reads the shell as the docs write it', () => {
    const [install, start] = segments('npm install && npm start');
    expect(install?.argv).toEqual(['npm', 'install']);
    expect(start?.text).toBe('npm start');
    const [assignment] = segments(`TOKEN=$(curl -s http://x -d '{"a":1}' | node -pe 'x') # comment`);
    expect(assignment?.assignments[0]?.name).toBe('TOKEN');
    expect(assignment?.argv).toEqual([]);
    expect(assignment?.substitutions).toEqual([`curl -s http://x -d '{"a":1}' | node -pe 'x'`]);
    const [publish] = segments(`SMTP_URL='smtp://a%40b:c@d:465' PORT=1 npm run publish -- x`);
    expect(publish?.assignments).toEqual([
      { name: 'SMTP_URL', value: 'smtp://a%40b:c@d:465' },
      { name: 'PORT', value: '1' },
    ]);
    expect(publish?.argv).toEqual(['npm', 'run', 'publish', '--', 'x']);
  });
});

describe('the docs as written', () => {
  it('README.md is a front door: at most 150 lines, with its two screenshots', () => {
    const readme = docs.get('README.md')!;
    expect(readme.text.trimEnd().split('\n').length).toBeLessThanOrEqual(150);
    const images = readme.links.filter((link) => link.image).map((link) => link.href);
    expect(images).toEqual(expect.arrayContaining(['docs/images/public-site.png', 'docs/images/dashboard.png']));
  });

  it('every command names a script, binary, file and variables that exist', () => {
    expect(commandProblems(allCommands, project)).toEqual([]);
    expect([...docs.values()].flatMap((doc) => textProblems(doc, project))).toEqual([]);
  });

  it('every variable named is read by the code, and every setting of the product is described', () => {
    expect(variableProblems([...docs.values()], project)).toEqual([]);
  });

  it('every command is either run below or said to be checked only', () => {
    const unaccounted = allCommands.flatMap((command) =>
      segments(command.text)
        .filter((segment) => segment.argv.length > 0 && !recipeOf(segment) && !staticReason(segment))
        .map((segment) => `${command.doc}:${command.line} ${segment.text}`),
    );
    expect(unaccounted).toEqual([]);
  });

  it('every link to a file leads to it (and its heading), and other sites are few and https', () => {
    expect([...docs.values()].flatMap((doc) => linkProblems(doc, docs, project).problems)).toEqual([]);
  });

  it.runIf(process.env.CHECK_EXTERNAL_LINKS === '1')('every link to another site answers', async () => {
    const external = [
      ...new Set(
        [...docs.values()].flatMap((doc) =>
          doc.links.map((link) => link.href).filter((href) => href.startsWith('https://')),
        ),
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
    expect(failing).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Running the commands

const once = <T>(make: () => Promise<T>) => {
  let made: Promise<T> | undefined;
  return () => {
    made ??= make();
    return made;
  };
};

const site = testServer();

/**
 * The setup button and the login, as the docs tell: the default administrator's token. (Plain
 * requests: the API's own tests check the answers against the OpenAPI document.)
 */
async function setupAndLogin(base: string): Promise<string> {
  const credentials = JSON.stringify({ username: 'admin', password: 'admin123' });
  const headers = { 'Content-Type': 'application/json' };
  const created = await fetch(`${base}/api/admin/create`, { method: 'POST', headers, body: credentials });
  if (created.status !== 201) throw new Error(`setup: ${created.status} ${await created.text()}`);
  const login = await fetch(`${base}/api/admin/login`, { method: 'POST', headers, body: credentials });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${await login.text()}`);
  return ((await login.json()) as { token: string }).token;
}
const administrator = once(() => setupAndLogin(site.url));
const bucket = testBucket('www/');

interface Sandbox {
  base: string;
  dataDir: string;
  uploadsDir: string;
  port: number;
}

const sandboxes: string[] = [];
afterAll(async () => {
  for (const base of sandboxes) await rm(base, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

async function sandbox(): Promise<Sandbox> {
  const base = await mkdtemp(join(tmpdir(), 'school-docs-'));
  sandboxes.push(base);
  return { base, dataDir: join(base, 'data'), uploadsDir: join(base, 'uploads'), port: await freePort() };
}

/** Vitest's own variables tell Astro's dev server it runs under a test, where it serves no pages. */
const withoutVitest = (env: NodeJS.ProcessEnv) =>
  Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith('VITEST')));

/**
 * The command as the docs write it, with its folders, port, archives, output folder and bucket
 * moved to the sandbox's (the values the docs show are examples for a real machine).
 */
function relocate(text: string, box: Sandbox, extra: Record<string, string> = {}): string {
  const values: Record<string, string> = {
    DATA_DIR: box.dataDir,
    UPLOADS_DIR: box.uploadsDir,
    PORT: String(box.port),
    ...extra,
  };
  let line = text
    .replace(/(?<=^|\s)([A-Z][A-Z0-9_]*)=('[^']*'|"[^"]*"|\S+)/g, (whole, name: string) =>
      name in values ? `${name}=${values[name]}` : whole,
    )
    .replace(/(?<=\s)(\S+\.tar\.gz)(?=\s|$)/g, (path: string) => join(box.base, basename(path)))
    .replace(/--out\s+\S+/g, `--out ${join(box.base, 'build')}`);
  if (/\bnpm run build\b/.test(line) && !line.includes('--out')) {
    line += line.includes(' -- ') ? ` --out ${join(box.base, 'build')}` : ` -- --out ${join(box.base, 'build')}`;
  }
  return line;
}

interface Shell {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

function shell(line: string, box: Sandbox, env: Record<string, string> = {}): Shell {
  const child = spawn('bash', ['-c', line], {
    cwd: root,
    env: {
      ...withoutVitest(process.env),
      DATA_DIR: box.dataDir,
      UPLOADS_DIR: box.uploadsDir,
      PORT: String(box.port),
      ...env,
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const group = (signal: NodeJS.Signals) => {
    try {
      if (child.pid) process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  };
  return {
    child,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      group('SIGTERM');
      const killed = setTimeout(() => group('SIGKILL'), 15_000);
      await exited;
      clearTimeout(killed);
    },
  };
}

async function runToEnd(line: string, box: Sandbox, env: Record<string, string> = {}): Promise<string> {
  const run = shell(line, box, env);
  const timeout = setTimeout(() => void run.stop(), 150_000);
  const code = await run.exited;
  clearTimeout(timeout);
  if (code !== 0) throw new Error(`\`${line}\` exited with ${code}:\n${run.output()}`);
  return run.output();
}

/** Starts a serving command, waits until its port answers, checks `/`, and stops it. */
async function serveAndStop(line: string, box: Sandbox): Promise<void> {
  const run = shell(line, box);
  try {
    const deadline = Date.now() + 150_000;
    for (;;) {
      if (run.child.exitCode !== null) throw new Error(`\`${line}\` exited (${run.child.exitCode}):\n${run.output()}`);
      const answer = await fetch(`http://127.0.0.1:${box.port}/`).catch(() => null);
      if (answer) {
        expect(answer.status, run.output()).toBe(200);
        await answer.body?.cancel();
        break;
      }
      if (Date.now() > deadline) throw new Error(`\`${line}\` did not answer on port ${box.port}:\n${run.output()}`);
      await new Promise((done) => setTimeout(done, 200));
    }
  } finally {
    await run.stop();
  }
}

/** A data folder with the demo content (made directly, not by the line under test). */
async function seededSandbox(): Promise<Sandbox> {
  const box = await sandbox();
  await runToEnd('node admin-api/seed-demo.ts', box, { PORT: '0' });
  return box;
}
const seeded = once(seededSandbox);

/** The demo content after a server ran on it: the site built, a history, an edit, a login. */
const served = once(async () => {
  const box = await seededSandbox();
  const server = await startServer({ dataDir: box.dataDir, uploadsDir: box.uploadsDir });
  try {
    const token = await setupAndLogin(server.url);
    const answer = await fetch(`${server.url}/api/settings`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ tagline: 'Tested by the docs' }),
    });
    expect(answer.status).toBe(200);
  } finally {
    await server.stop();
  }
  return box;
});

/** A backup archive of the demo content. */
const archive = once(async () => {
  const box = await seeded();
  const file = join(box.base, 'made-for-restore.tar.gz');
  await runToEnd(`node admin-api/backup-cli.ts backup ${file}`, box);
  return file;
});

const contentOf = async (box: Sandbox) => JSON.parse(await readFile(join(box.dataDir, 'content.json'), 'utf8'));

const RECIPES: Record<string, (segment: Segment, command: CommandLine) => Promise<void>> = {
  async 'seed:demo'(segment) {
    const box = await sandbox();
    const output = await runToEnd(relocate(segment.text, box), box);
    expect(output).toMatch(/Demo content written/);
    expect((await contentOf(box)).news.length).toBeGreaterThan(0);
  },
  async backup(segment) {
    const box = await seeded();
    const line = relocate(segment.text, box);
    await runToEnd(line, box);
    const file = line.split(/\s+/).find((word) => word.endsWith('.tar.gz'));
    expect(file, 'the backup names its archive').toBeDefined();
    expect((await stat(file!)).size).toBeGreaterThan(1000);
  },
  async restore(segment) {
    // Into empty folders, or with --force over the demo content.
    const box = segment.argv.includes('--force') ? await seededSandbox() : await sandbox();
    const line = relocate(segment.text, box);
    const file = line.split(/\s+/).find((word) => word.endsWith('.tar.gz'));
    expect(file, 'the restore names its archive').toBeDefined();
    await cp(await archive(), file!);
    await runToEnd(line, box);
    expect((await contentOf(box)).news).toEqual((await contentOf(await seeded())).news);
  },
  async recover(segment) {
    const box = await sandbox();
    await cp((await served()).base, box.base, { recursive: true });
    const name = segment.argv.at(-1)!.replace(/(\.json)?$/, '.json');
    await writeFile(join(box.dataDir, name), '{ "damaged": ');
    await runToEnd(relocate(segment.text, box), box);
    JSON.parse(await readFile(join(box.dataDir, name), 'utf8'));
    const kept = (await readdir(box.dataDir)).filter((file) => file.startsWith(name.replace('.json', '.damaged-')));
    expect(kept).toHaveLength(1);
  },
  async build(segment) {
    // Run, not only checked: npm run build takes about 5 s on the demo here, compiling the site's
    // code into `dist/` included (about 1 s when a server compiled it already).
    const box = await seeded();
    const line = relocate(segment.text, box);
    await rm(join(box.base, 'build'), { recursive: true, force: true });
    await runToEnd(line, box);
    const index = await readFile(join(box.base, 'build', 'index.html'), 'utf8');
    const origin = segment.assignments.find((assignment) => assignment.name === 'PUBLIC_API_ORIGIN')?.value;
    if (origin) expect(index).toContain(origin);
  },
  async publish(segment) {
    const box = await served();
    // Only the line's own settings (moved to the test bucket): a line that misses one fails.
    await runToEnd(relocate(segment.text, box, bucket.env), box);
    expect((await bucket.object('index.html'))?.text).toMatch(/<html/i);
  },
  async serve(segment) {
    const box = await sandbox();
    await serveAndStop(relocate(segment.text, box), box);
  },
  async api(_segment, command) {
    // The whole example, against the test server, once the setup button made the administrator.
    await administrator();
    const script = ['set -euo pipefail', command.fence.replaceAll(PRODUCT_ORIGIN, site.url)].join('\n');
    const output = await runToEnd(script.replace(/\bcurl\b/g, 'curl --fail'), await sandbox());
    // The example's last answer, JSON as the docs show it.
    expect(() => JSON.parse(output.trim().split('\n').at(-1) ?? '')).not.toThrow();
  },
};

describe('the commands of the docs, run', () => {
  const seen = new Set<string>();
  for (const command of allCommands) {
    for (const segment of segments(command.text)) {
      const recipe = recipeOf(segment);
      const key = recipe === 'api' ? command.fence : segment.text;
      if (!recipe || staticReason(segment) || seen.has(key)) continue;
      seen.add(key);
      it(`${command.doc}:${command.line} ${segment.text}`, { timeout: 240_000 }, async () => {
        await RECIPES[recipe]!(segment, command);
      });
    }
  }
});

describe("the product's addresses in the docs", () => {
  const paths = [...new Set([...docs.values()].flatMap((doc) => linkProblems(doc, docs, project).product))];

  it('there are some (the admin area, the API reference)', () => {
    expect(paths).toEqual(expect.arrayContaining(['/', '/admin', '/api/docs', '/api/openapi.json']));
  });

  for (const path of paths) {
    it(`${PRODUCT_ORIGIN}${path} answers`, async () => {
      const answer = await fetch(site.url + path, { redirect: 'manual' });
      await answer.body?.cancel();
      expect(answer.status, `${path} answered ${answer.status}`).toBeLessThan(400);
    });
  }
});
