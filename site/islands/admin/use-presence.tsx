import { type RefObject, useEffect, useRef, useState } from 'react';
import type { PresenceAnswer } from '../../contract/presence.ts';
import { adminRequest } from '../../lib/admin-api.ts';

/** How often an open editor says so; the server forgets one not heard of for 25 s. */
const EVERY_MS = 10_000;

/**
 * Says, while `target` is open and shown (`settings`, `events/<id>`…; null: nothing) that this
 * account has it open, and answers who else has: the names are fresh within ten seconds. A form in
 * a view of the dashboard that is not shown (they stay mounted) or in a tab in the background
 * counts as closed.
 */
export function usePresence(target: string | null, shownWith: RefObject<HTMLElement | null>): string[] {
  const [others, setOthers] = useState<string[]>([]);
  useEffect(() => {
    setOthers([]);
    if (!target) return;
    let stopped = false;
    let open = false;
    const query = (name: string) => `/api/admin/presence?${name}=${encodeURIComponent(target)}`;
    const beat = () => {
      const shown = !document.hidden && !shownWith.current?.closest('[hidden]');
      if (!shown) {
        if (open) void adminRequest(query('closed')).catch(() => undefined);
        open = false;
        return setOthers([]);
      }
      open = true;
      adminRequest<PresenceAnswer>(query('editing')).then(
        (answer) => !stopped && setOthers(answer.editing.map((other) => other.username)),
        () => undefined, // a missed beat only delays the names
      );
    };
    beat();
    const timer = setInterval(beat, EVERY_MS);
    document.addEventListener('visibilitychange', beat);
    window.addEventListener('hashchange', beat);
    return () => {
      stopped = true;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', beat);
      window.removeEventListener('hashchange', beat);
      // Tell the others at once that it is closed, rather than in 25 s.
      if (open) void adminRequest(query('closed')).catch(() => undefined);
    };
  }, [target, shownWith]);
  return others;
}

/** "Asha is editing this page." (and "Asha and Ravi are…"), announced politely. */
export function EditingNow({ target, what }: { target: string | null; what: string }) {
  const slot = useRef<HTMLDivElement>(null);
  const others = usePresence(target, slot);
  return (
    <div ref={slot} className="editing-now-slot">
      <p className="editing-now" role="status" hidden={others.length === 0}>
        {others.length > 0 && `${namesText(others)} ${others.length === 1 ? 'is' : 'are'} editing ${what}.`}
      </p>
    </div>
  );
}

function namesText(names: string[]): string {
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');
}
