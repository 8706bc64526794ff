/**
 * An address typed into the editor's link form, as the link will carry it: `example.org` is a web
 * address, `office@school.in` an e-mail one; a site path (`/admissions`) or an anchor stays as it
 * is. An address that would run a script is refused (site/lib/safe-link.ts).
 */
import { isSafeLink } from './safe-link.ts';

export type LinkAddress = { ok: true; address: string } | { ok: false; problem: string };

export function linkAddress(typed: string): LinkAddress {
  const address = typed.trim();
  if (address === '') return { ok: false, problem: 'Type the address the link leads to.' };
  if (!isSafeLink(address))
    return {
      ok: false,
      problem:
        'This address cannot be linked. Use a web address (https://…), an e-mail or phone address, or a page of this site (/…).',
    };
  if (/^[a-z][a-z0-9+.-]*:/i.test(address) || /^[/#?]/.test(address)) return { ok: true, address };
  if (/^[^\s@/]+@[^\s@/]+\.[^\s@/]+$/.test(address)) return { ok: true, address: `mailto:${address}` };
  return { ok: true, address: `https://${address}` };
}
