/**
 * The visual editor of long texts in Chromium against a real server: typing with the toolbar and
 * the shortcuts, the toolbar by keyboard alone, a paste from a word processor, the Markdown toggle,
 * links, the length, and axe on the form, each checked in the Markdown the API stores.
 */
import type { Locator, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../public/page-checks.ts';
import { testBrowser, testServer } from '../support/harness.ts';
import { markdownSource, openDashboard, openSection, testDashboard } from './admin-harness.ts';

const site = testServer({ admin: true });
const browser = testBrowser();
const watched = testDashboard(site, browser);

const storedEvent = async (title: string) =>
  (await site.call('GET', '/api/content')).body.events.find((event: { title: string }) => event.title === title);

/** The events section's "Add event" form, its description's editable area and its toolbar. */
function eventForm() {
  const form = watched.page.locator('#events').getByRole('form', { name: 'Add event' });
  return {
    form,
    text: form.getByRole('textbox', { name: 'Description' }),
    toolbar: form.getByRole('toolbar', { name: 'Formatting' }),
  };
}

async function addEvent(form: Locator, title: string) {
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Date').fill('2031-06-01');
  await form.getByRole('button', { name: 'Add event' }).click();
  await expect.poll(() => storedEvent(title)).toBeTruthy();
  return storedEvent(title);
}

/** Empties the editable area, as a test before may have left text in it. */
async function emptied(text: Locator) {
  await text.click();
  await text.press('ControlOrMeta+A');
  await text.press('Delete');
  return text;
}

/**
 * Waits for the browser's `selectionchange` after a click, from which the editor learns where the
 * caret is: a person never types within a millisecond of a click, a test does.
 */
const caretSettled = (page: Page) =>
  page.evaluate(() => new Promise((settled) => requestAnimationFrame(() => setTimeout(settled, 0))));

const focusedName = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent);

describe('the visual editor', () => {
  beforeEach(() => openSection(watched.page, 'events'));

  it('makes headings, bold and lists with the toolbar and the shortcuts, saved as Markdown', async () => {
    const { page } = watched;
    const { form, text, toolbar } = eventForm();
    await expect.poll(() => text.getAttribute('contenteditable')).toBe('true');
    expect(await text.getAttribute('aria-multiline')).toBe('true');
    await emptied(text);
    await toolbar.getByRole('button', { name: 'Heading 2' }).click();
    expect(await toolbar.getByRole('button', { name: 'Heading 2' }).getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.type('Sports day');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Bring ');
    await page.keyboard.press('ControlOrMeta+B');
    await page.keyboard.type('water');
    await page.keyboard.press('ControlOrMeta+B');
    await page.keyboard.type(' and a hat');
    // As in a word processor, a pause in typing begins a new step to undo.
    await page.waitForTimeout(700);
    await page.keyboard.press('ControlOrMeta+I');
    await page.keyboard.type(' please');
    await page.keyboard.press('ControlOrMeta+Z');
    await page.keyboard.type('.');
    await page.keyboard.press('Enter');
    await toolbar.getByRole('button', { name: 'Bulleted list' }).click();
    await page.keyboard.type('Races');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Relays');
    expect(await text.getByRole('heading', { level: 2, name: 'Sports day' }).isVisible()).toBe(true);
    expect(await text.locator('strong').textContent()).toBe('water');

    const event = await addEvent(form, 'Sports day');
    expect(event.description).toBe('## Sports day\n\nBring **water** and a hat.\n\n- Races\n- Relays');
    // The form is empty again, in the editor too.
    await expect.poll(() => text.textContent()).toBe('');
    watched.expectNoProblems();
  });

  it('is driven by the keyboard alone: one Tab stop, arrow keys, Home and End, Enter and Space', async () => {
    const { page } = watched;
    const { text, toolbar } = eventForm();
    await emptied(text);
    // Back from the text: the toolbar's one Tab stop (the button used last); Home to its first.
    await page.keyboard.press('Shift+Tab');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('[role="toolbar"]') !== null))
      .toBe(true);
    await page.keyboard.press('Home');
    expect(await focusedName(page)).toBe('Heading 2');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await focusedName(page)).toBe('Bold');
    const bold = toolbar.getByRole('button', { name: 'Bold' });
    expect(await bold.getAttribute('aria-pressed')).toBe('false');
    await page.keyboard.press('Enter');
    expect(await bold.getAttribute('aria-pressed')).toBe('true');
    expect(await focusedName(page)).toBe('Bold');
    await page.keyboard.press('Space');
    expect(await bold.getAttribute('aria-pressed')).toBe('false');
    await page.keyboard.press('End');
    expect(await focusedName(page)).toBe('Redo');
    await page.keyboard.press('Home');
    expect(await focusedName(page)).toBe('Heading 2');
    await page.keyboard.press('ArrowLeft');
    expect(await focusedName(page)).toBe('Redo');
    // Only one button of the toolbar is in the Tab order, the one used last.
    expect(await toolbar.locator('button[tabindex="0"]').count()).toBe(1);
    expect(await toolbar.locator('button[tabindex="0"]').getAttribute('aria-label')).toBe('Redo');
    // Escape goes back to the text, and Alt+F10 from the text (in a list, where Tab indents) to the toolbar.
    await page.keyboard.press('Escape');
    // The editor takes the focus back on the next frame.
    await expect.poll(() => text.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Alt+F10');
    await expect.poll(() => focusedName(page)).toBe('Redo');
    watched.expectNoProblems();
  });

  it('keeps the headings, lists, links, bold and tables of a pasted document and drops its styles', async () => {
    const { form, text } = eventForm();
    await emptied(text);
    const html = [
      '<meta charset="utf-8"><h1 style="color:#c00;font-family:Comic Sans MS">Annual day</h1>',
      '<h2 class="MsoHeading2">Programme</h2>',
      '<p class="MsoNormal" style="margin:0;font-size:14pt"><span style="font-weight:700;color:#ff0000;font-family:Arial">Doors open</span> at <b style="font-weight:normal">six</b>, <b>curtain</b> at seven.</p>',
      '<ul style="margin-left:2em"><li style="color:blue"><p>Songs</p></li><li><span style="background:yellow">Dance</span></li></ul>',
      '<p><a href="https://example.org/tickets" class="link" style="color:green" target="_blank">Tickets</a> and <a href="javascript:alert(1)">a trap</a></p>',
      '<table style="border:1px solid"><tbody><tr><td><b>Grade</b></td><td><b>Time</b></td></tr><tr><td>1</td><td style="color:red">6 pm</td></tr></tbody></table>',
      '<p><font face="Comic Sans MS" color="green" size="5">See you there</font></p>',
    ].join('');
    await text.evaluate((element, pasted) => {
      const data = new DataTransfer();
      data.setData('text/html', pasted);
      data.setData('text/plain', 'Annual day');
      element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, html);

    const { description } = await addEvent(form, 'Annual day');
    expect(description).toContain('## Annual day');
    expect(description).toContain('## Programme');
    expect(description).toContain('**Doors open** at six, **curtain** at seven.');
    expect(description).toMatch(/^- Songs\n- Dance$/m);
    expect(description).toContain('[Tickets](https://example.org/tickets)');
    expect(description).not.toContain('javascript');
    expect(description).toMatch(/^\| Grade +\| Time +\|\n\| -+ +\| -+ +\|\n\| 1 +\| 6 pm +\|$/m);
    expect(description).toContain('See you there');
    expect(description).not.toMatch(/style|class|font|color|Comic|<|^# /im);
    watched.expectNoProblems();
  });

  it('shows the Markdown for those who prefer it, and takes it back', async () => {
    const { page } = watched;
    const { form, text } = eventForm();
    await emptied(text);
    await page.keyboard.press('ControlOrMeta+B');
    await page.keyboard.type('Exams');
    await page.keyboard.press('ControlOrMeta+B');
    await page.keyboard.type(' start on Monday.');
    const toggle = form.getByRole('button', { name: 'Markdown' });
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await toggle.click();
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    const source = form.getByRole('textbox', { name: 'Description' });
    expect(await source.inputValue()).toBe('**Exams** start on Monday.');
    await source.fill('**Exams** start on Monday.\n\n### Timetable\n\n1. Maths\n2. Science');
    await toggle.click();
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await text.getByRole('heading', { level: 3, name: 'Timetable' }).waitFor();
    expect(await text.locator('ol > li').allTextContents()).toEqual(['Maths', 'Science']);

    const { description } = await addEvent(form, 'Exams');
    expect(description).toBe('**Exams** start on Monday.\n\n### Timetable\n\n1. Maths\n2. Science');
    watched.expectNoProblems();
  });

  it('makes a link from Ctrl+K, refusing an address that runs a script', async () => {
    const { page } = watched;
    const { form, text } = eventForm();
    await emptied(text);
    await page.keyboard.type('Details: ');
    await page.keyboard.press('ControlOrMeta+K');
    const link = form.getByRole('group', { name: 'Link' });
    await link.getByLabel('Link address').fill('javascript:alert(1)');
    await link.getByLabel('Link text').fill('the timetable');
    await link.getByRole('button', { name: 'Apply link' }).click();
    await link.getByRole('alert').filter({ hasText: 'This address cannot be linked' }).waitFor();
    await link.getByLabel('Link address').fill('example.org/timetable');
    await link.getByLabel('Link address').press('Enter');
    await link.waitFor({ state: 'detached' });
    expect(await text.getByRole('link', { name: 'the timetable' }).getAttribute('href')).toBe(
      'https://example.org/timetable',
    );
    const { description } = await addEvent(form, 'Timetable');
    expect(description).toBe('Details: [the timetable](https://example.org/timetable)');
    watched.expectNoProblems();
  });

  it('counts the Markdown and says when it is too long', async () => {
    const { form } = eventForm();
    const source = await markdownSource(form, 'Description');
    await source.fill('a'.repeat(5003));
    await form.getByText('5,003 of 5,000 characters (3 too many)').waitFor();
    await form.getByRole('alert').filter({ hasText: 'The text is longer than 5,000 characters' }).waitFor();
    await source.fill('');
    await form.getByRole('button', { name: 'Markdown' }).click();
    watched.expectNoProblems();
  });

  it('passes axe with the editor and its link form open', async () => {
    const { page } = watched;
    const { form, text } = eventForm();
    await text.click();
    await page.keyboard.press('ControlOrMeta+K');
    await form.getByLabel('Link address').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
  });
});

describe('loading the editor', () => {
  it('fetches it when a form with a long text comes into view, not with the dashboard', async () => {
    const fresh = await openDashboard(browser(), site.url, site.token);
    const { page } = fresh;
    const editorScripts: string[] = [];
    page.on('request', (request) => {
      if (/\/VisualEditor[^/]*\.js$/.test(request.url())) editorScripts.push(request.url());
    });
    await page.waitForLoadState('networkidle');
    expect(editorScripts).toEqual([]);
    await openSection(page, 'news');
    const text = page.locator('#news').getByRole('textbox', { name: 'Description' });
    await expect.poll(() => text.getAttribute('contenteditable')).toBe('true');
    expect(editorScripts).toHaveLength(1);
    fresh.expectNoProblems();
    await fresh.close();
  });
});

describe('a page body in the editor', () => {
  it('edits a page with a table, and the public page shows it', async () => {
    const { page } = watched;
    await openSection(page, 'pages');
    const section = page.locator('#pages');
    await section.getByLabel('Page to edit').selectOption('admissions');
    const text = section.getByRole('textbox', { name: 'Text' });
    await expect.poll(() => text.getAttribute('contenteditable')).toBe('true');
    // At the end of the last paragraph: a new heading and a table under it.
    const last = text.locator('p').last();
    const box = (await last.boundingBox())!;
    // Right of its last line: the caret goes to the paragraph's end.
    await last.click({ position: { x: box.width - 2, y: box.height - 4 } });
    await caretSettled(page);
    await page.keyboard.press('Enter');
    await section.getByRole('button', { name: 'Heading 2' }).click();
    await page.keyboard.type('Fees');
    await page.keyboard.press('Enter');
    await section.getByRole('button', { name: 'Insert table' }).click();
    for (const cell of ['Class', 'Fee', '', '1', '₹ 1,000']) {
      await page.keyboard.type(cell);
      await page.keyboard.press('Tab');
    }
    await section.getByRole('button', { name: 'Save page' }).click();
    await section.getByRole('status').filter({ hasText: 'The page is saved' }).waitFor();
    const stored = (await site.call('GET', '/api/pages')).body.find((p: { slug: string }) => p.slug === 'admissions');
    // The text before is as it was; the heading and the table are at its end.
    expect(stored.body).toContain('## Age for admission\n\n| Class ');
    expect(stored.body).toMatch(
      /we are happy to help\.\n\n## Fees\n\n\| Class +\| Fee +\| +\|\n\| -+ \| -+ \| -+ \|\n\| 1 +\| ₹ 1,000 \| +\|\n\| +\| +\| +\|$/,
    );

    await watched.expectLive();
    const visitor = await (await browser().newContext()).newPage();
    await visitor.goto(`${site.url}/admissions`);
    expect(await visitor.getByRole('columnheader', { name: 'Fee' }).isVisible()).toBe(true);
    expect(await visitor.getByRole('cell', { name: '₹ 1,000' }).isVisible()).toBe(true);
    await visitor.context().close();
    watched.expectNoProblems();
  });
});
