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
 * The reading is in ./doc-reading.ts and ./shell-reading.ts, what the project has in
 * ./project-facts.ts, the checks in ./command-checks.ts and ./link-checks.ts, the runs in
 * ./command-runs.ts; this file holds the tests. The first `describe` runs the same checks on broken
 * fixtures, so that a check that can no longer fail is noticed.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { testServer } from '../support/harness.ts';
import { testBucket } from '../support/test-bucket.ts';
import { commandProblems, textProblems, variableProblems } from './command-checks.ts';
import { commandRecipes, recipeOf, removeSandboxes, staticReason } from './command-runs.ts';
import { githubSlug, PRODUCT_ORIGIN, projectDocs, readDoc } from './doc-reading.ts';
import { linkProblems, unansweredExternalLinks } from './link-checks.ts';
import { realProject } from './project-facts.ts';
import { segments } from './shell-reading.ts';

const docs = projectDocs();
const allCommands = [...docs.values()].flatMap((doc) => doc.commands);
const project = realProject();

const site = testServer();
const bucket = testBucket('www/');
const recipes = commandRecipes(site, bucket);
afterAll(removeSandboxes);

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
    expect(await unansweredExternalLinks(docs.values())).toEqual([]);
  });
});

describe('the commands of the docs, run', () => {
  const seen = new Set<string>();
  for (const command of allCommands) {
    for (const segment of segments(command.text)) {
      const recipe = recipeOf(segment);
      const key = recipe === 'api' ? command.fence : segment.text;
      if (!recipe || staticReason(segment) || seen.has(key)) continue;
      seen.add(key);
      it(`${command.doc}:${command.line} ${segment.text}`, { timeout: 240_000 }, async () => {
        await recipes[recipe]!(segment, command);
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
