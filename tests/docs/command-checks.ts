/**
 * The static checks of the docs' commands, against the project: `npm run X` is a script of
 * package.json and `npm X` one of the few npm commands the docs use, `npx X` a binary of
 * node_modules, `node FILE` and every project path a file, `curl` calls the product; each
 * `NAME=value` given to a command and each `$NAME` is a variable the code reads or one the example
 * sets; every fence says what it holds; and the variables the docs name are read by the code, with
 * every setting of the product described in docs/configuration.md. Each check answers its problems.
 */
import { type CommandLine, type Doc, PRODUCT_ORIGIN, SHELL_FENCES } from './doc-reading.ts';
import type { Project } from './project-facts.ts';
import { referencedVariables, type Segment, segments } from './shell-reading.ts';

/** The fence languages the docs may use beside commands: output and examples, the proxy's, container's and service's config. */
const OTHER_FENCES = new Set(['text', 'nginx', 'json', 'dockerfile', 'ini']);

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

/** A variable `npm start` sets for Node, which reads it, not the code. */
const RUNTIME_VARIABLES = ['NODE_COMPILE_CACHE'];

const ENV_NAME = /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$/;

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

export function commandProblems(commands: CommandLine[], project: Project): string[] {
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
export function textProblems(doc: Doc, project: Project): string[] {
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
export function variableProblems(docs: Doc[], project: Project): string[] {
  const problems: string[] = [];
  const everything = new Set([...project.productEnv, ...project.testEnv, ...RUNTIME_VARIABLES]);
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
