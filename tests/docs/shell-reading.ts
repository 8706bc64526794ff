/**
 * Reading a command line of the docs, as much of the shell as they use: the simple commands of a
 * line (split at `&&`, `||`, `|` and `;`), each with its `NAME=value` prefixes, its words unquoted
 * and its `$(…)` substitutions; and the `$NAME` variables a line refers to.
 */

/** One simple command: its `NAME=value` prefixes, its words, its `$(…)` and where it is in the line. */
export interface Segment {
  assignments: { name: string; value: string }[];
  argv: string[];
  substitutions: string[];
  text: string;
}

export function segments(line: string): Segment[] {
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
export function referencedVariables(line: string): string[] {
  const unquoted = line.replace(/'[^']*'/g, "''");
  return [...unquoted.matchAll(/\$\{?([A-Za-z_][A-Za-z0-9_]*)/g)].map((match) => match[1]!);
}
