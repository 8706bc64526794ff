import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PartJson } from './part-json.ts';

describe('PartJson', () => {
  it('writes exactly what JSON.stringify writes, for any document', () => {
    fc.assert(
      fc.property(
        fc.jsonValue(),
        fc.dictionary(fc.string(), fc.oneof(fc.jsonValue(), fc.constant(undefined))),
        (value, document) => {
          const json = new PartJson();
          expect(json.stringify(value)).toBe(JSON.stringify(value));
          expect(json.stringify(document)).toBe(JSON.stringify(document));
          expect(Buffer.concat(json.bytes(document)).toString()).toBe(JSON.stringify(document));
          expect(Buffer.concat(json.bytes(value)).toString()).toBe(JSON.stringify(value));
        },
      ),
    );
  });

  it('reuses the bytes of the parts and items a new version shares with an older one', () => {
    const json = new PartJson();
    const events = Array.from({ length: 3 }, (_, n) => ({ _id: String(n), title: `Event ${n}`, note: undefined }));
    const first = { events, settings: { name: 'School' }, count: 3 };
    expect(json.stringify(first)).toBe(JSON.stringify(first));
    // Only the changed item is new; its text must be the new one, the others' are taken as written.
    const changed = { ...events[1]!, title: 'Renamed' };
    const second = { ...first, events: [events[0]!, changed, events[2]!] };
    expect(json.stringify(second)).toBe(JSON.stringify(second));
    const stringify = JSON.stringify;
    const seen: unknown[] = [];
    JSON.stringify = ((value: unknown, ...rest: []) => {
      seen.push(value);
      return stringify(value, ...rest);
    }) as typeof JSON.stringify;
    try {
      const third = { ...second, events: [events[0]!, changed, events[2]!, { _id: '3', title: 'New' }] };
      expect(json.stringify(third)).toBe(stringify(third));
    } finally {
      JSON.stringify = stringify;
    }
    expect(seen.filter((value) => typeof value === 'object' && value !== null)).toEqual([{ _id: '3', title: 'New' }]);
  });

  it('writes a new version in pieces, reusing the bytes of the parts it shares with an older one', () => {
    const json = new PartJson();
    const settings = { name: 'School' };
    const first = json.bytes({ events: [{ _id: '1' }], settings });
    const second = json.bytes({ events: [{ _id: '1' }, { _id: '2' }], settings });
    expect(Buffer.concat(second).toString()).toBe('{"events":[{"_id":"1"},{"_id":"2"}],"settings":{"name":"School"}}');
    expect(second).toContain(json.partBytes(settings));
    expect(first).toContain(json.partBytes(settings));
    expect(second.filter((piece) => !first.includes(piece)).map(String)).toContain('{"_id":"1"},{"_id":"2"}');
  });

  it('keeps a long list in chunks: a new version of one item makes one new piece', () => {
    const json = new PartJson();
    const events = Array.from({ length: 3000 }, (_, n) => ({
      _id: `event-${n}`,
      title: `Event ${n}`,
      text: 'x'.repeat(500),
    }));
    const before = json.pieces(events);
    const changed = events.with(1500, { ...events[1500]!, title: 'Renamed' });
    const after = json.pieces(changed);
    expect(Buffer.concat(after).toString()).toBe(JSON.stringify(changed));
    expect(before.length).toBeGreaterThan(5);
    expect(after.filter((piece) => !before.includes(piece))).toHaveLength(1);
    expect(Buffer.concat(json.bytes({ events: changed })).toString()).toBe(JSON.stringify({ events: changed }));
  });
});
