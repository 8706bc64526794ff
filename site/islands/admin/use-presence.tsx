import { useEffect, useState } from 'react';
import type { PresenceAnswer } from '../../contract/presence.ts';
import { adminRequest } from '../../lib/admin-api.ts';

/** How often an open editor says so; the server forgets one not heard of for 25 s. */
const EVERY_MS = 10_000;

/**
 * Says, while `target` is open (`settings`, `events/<id>`…; null: nothing), that this account has
 * it open, and answers who else has: the names are fresh within ten seconds.
 */
export function usePresence(target: string | null): string[] {
  const [others, setOthers] = useState<string[]>([]);
  useEffect(() => {
    setOthers([]);
    if (!target) return;
    let stopped = false;
    const ask = () =>
      adminRequest<PresenceAnswer>(`/api/admin/presence?editing=${encodeURIComponent(target)}`).then(
        (answer) => !stopped && setOthers(answer.editing.map((other) => other.username)),
        () => undefined, // a missed beat only delays the names
      );
    void ask();
    const timer = setInterval(ask, EVERY_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
      // Tell the others at once that it is closed, rather than in 25 s.
      void adminRequest('/api/admin/presence?editing=').catch(() => undefined);
    };
  }, [target]);
  return others;
}

/** "Asha is editing this page" (and "Asha and Ravi are…"), announced politely. */
export function EditingNow({ target, what }: { target: string | null; what: string }) {
  const others = usePresence(target);
  return (
    <p className="editing-now" role="status" hidden={others.length === 0}>
      {others.length > 0 && `${namesText(others)} ${others.length === 1 ? 'is' : 'are'} editing ${what}.`}
    </p>
  );
}

function namesText(names: string[]): string {
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');
}
