import { describe, expect, it } from 'vitest';
import { canonicalUrl, jsonLdText, shortDescription } from './page-meta.ts';

describe('page metadata', () => {
  it('cuts a description at a word, without markdown', () => {
    expect(shortDescription('**Hello** [world](/x)')).toBe('Hello world');
    const long = shortDescription('word '.repeat(100));
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long.endsWith('word…')).toBe(true);
  });

  it('names pages absolutely and keeps JSON-LD inside its script', () => {
    expect(canonicalUrl('https://s.example', '/')).toBe('https://s.example/');
    expect(canonicalUrl('https://s.example', '/gallery/')).toBe('https://s.example/gallery');
    const text = jsonLdText({ name: '</script><b>' });
    expect(text).not.toContain('<');
    expect(JSON.parse(text).name).toBe('</script><b>');
  });
});
