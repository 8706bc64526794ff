import { describe, expect, it } from 'vitest';
import { LatestWinsSaver, type SaveState } from './admin-latest-wins.ts';

type Field = 'a' | 'b';

/** A server whose answers the test releases one by one. */
function slowServer() {
  const sent: Partial<Record<Field, string>>[] = [];
  const pending: { resolve: () => void; reject: (error: Error) => void }[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const send = (changes: Partial<Record<Field, string>>) => {
    sent.push(changes);
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    return new Promise<void>((resolve, reject) => {
      pending.push({
        resolve: () => {
          inFlight -= 1;
          resolve();
        },
        reject: (error) => {
          inFlight -= 1;
          reject(error);
        },
      });
    });
  };
  const answer = async (fail?: Error) => {
    const next = pending.shift();
    if (!next) throw new Error('no request in flight');
    if (fail) next.reject(fail);
    else next.resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { sent, send, answer, maxInFlight: () => maxInFlight };
}

function recorder() {
  const states: [Field, SaveState][] = [];
  return { states, listener: (field: Field, state: SaveState) => void states.push([field, state]) };
}

describe('LatestWinsSaver', () => {
  it('sends one request at a time and only the newest text typed meanwhile', async () => {
    const server = slowServer();
    const saver = new LatestWinsSaver<Field>(server.send, () => {});
    saver.edit('a', 'H');
    saver.edit('a', 'He');
    saver.edit('a', 'Hel');
    saver.edit('a', 'Hello');
    expect(server.sent).toEqual([{ a: 'H' }]);
    await server.answer();
    expect(server.sent).toEqual([{ a: 'H' }, { a: 'Hello' }]);
    await server.answer();
    expect(server.sent).toHaveLength(2);
    expect(server.maxInFlight()).toBe(1);
    expect(saver.busy).toBe(false);
  });

  it('sends waiting edits of different fields together', async () => {
    const server = slowServer();
    const saver = new LatestWinsSaver<Field>(server.send, () => {});
    saver.edit('a', 'one');
    saver.edit('b', 'two');
    saver.edit('a', 'three');
    await server.answer();
    expect(server.sent.at(-1)).toEqual({ a: 'three', b: 'two' });
  });

  it('reports saved only when the field has nothing newer waiting', async () => {
    const server = slowServer();
    const { states, listener } = recorder();
    const saver = new LatestWinsSaver<Field>(server.send, listener);
    saver.edit('a', 'x');
    saver.edit('a', 'xy');
    await server.answer();
    expect(states).toEqual([
      ['a', 'saving'],
      ['a', 'saving'],
    ]);
    await server.answer();
    expect(states.at(-1)).toEqual(['a', 'saved']);
  });

  it('reports a failure, then sends the next edit as usual', async () => {
    const server = slowServer();
    const errors: unknown[] = [];
    const saver = new LatestWinsSaver<Field>(server.send, (_, state, error) => {
      if (state === 'failed') errors.push(error);
    });
    saver.edit('a', 'x');
    const failure = new Error('offline');
    await server.answer(failure);
    expect(errors).toEqual([failure]);
    saver.edit('a', 'xy');
    expect(server.sent.at(-1)).toEqual({ a: 'xy' });
  });

  it('idle() waits for the texts still waiting to be sent', async () => {
    const server = slowServer();
    const saver = new LatestWinsSaver<Field>(server.send, () => {});
    saver.edit('a', 'x');
    saver.edit('a', 'xy');
    let idle = false;
    const done = saver.idle().then(() => {
      idle = true;
    });
    await server.answer();
    expect(idle).toBe(false);
    await server.answer();
    await done;
    expect(idle).toBe(true);
  });
});
