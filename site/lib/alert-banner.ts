/**
 * What the urgent-notice banner (components/AlertBanner.astro) needs besides the notices: the
 * message cut around its link, the version a dismissal is remembered for, and the script that
 * hides ended and dismissed notices before the page is first drawn.
 */
import { ALERT_LEVELS, type Alert, type AlertLevel, linksIn, showsOn } from '../contract/alerts.ts';

/** Each level's icon (a 24×24 path): a warning sign, an exclamation mark, an "i". */
export const ALERT_ICON_PATHS: Readonly<Record<AlertLevel, string>> = {
  emergency: 'M12 2 1 21h22zm-1 7h2v6h-2zm0 8h2v2h-2z',
  important: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20m-1 5h2v7h-2zm0 9h2v2h-2z',
  info: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20m-1 8h2v7h-2zm0-4h2v2h-2z',
};

/** The notices the page at `path` shows, the most urgent first. */
export function alertsFor(alerts: readonly Alert[], path: string): Alert[] {
  const rank = (alert: Alert) => ALERT_LEVELS.indexOf(alert.level);
  return alerts.filter((alert) => showsOn(alert, path)).sort((a, b) => rank(a) - rank(b));
}

/** The message as text before its link, the link, and text after it (no link: the text alone). */
export function messageParts(message: string): { before: string; link?: string; after: string } {
  const [link] = linksIn(message);
  if (!link) return { before: message, after: '' };
  const at = message.indexOf(link);
  return { before: message.slice(0, at), link, after: message.slice(at + link.length) };
}

/**
 * A short name of what the notice says, when and where: a dismissal is remembered for it, so a
 * changed notice shows again (FNV-1a, 32 bits).
 */
export function alertVersion(alert: Pick<Alert, 'message' | 'level' | 'startsAt' | 'endsAt' | 'showOn'>): string {
  const text = JSON.stringify([alert.message, alert.level, alert.startsAt, alert.endsAt, alert.showOn]);
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/**
 * Around the banner in every page's HTML: publishing finds it there to put a new one in
 * (admin-api/publish/banner-splice.ts).
 */
export const BANNER_START = '<!--alerts-->';
export const BANNER_END = '<!--/alerts-->';

/** Where a dismissal is remembered (localStorage): per notice and version. */
export const DISMISSED_KEY_PREFIX = 'alert-dismissed:';

/**
 * Runs right after the banner, before anything below it is parsed, so what it hides is never
 * drawn (no layout shift): notices whose end has passed (the page may be older than that, on a
 * static host or in a cache), and info notices this browser dismissed. It shows the dismiss
 * buttons (without JavaScript an info notice simply shows) and hides a notice when its end comes
 * while the page is open. Kept as one string so its CSP hash is computed from the same text.
 */
export const ALERT_SCRIPT = `(function () {
  var section = document.getElementById('site-alerts');
  if (!section) return;
  var prefix = ${JSON.stringify(DISMISSED_KEY_PREFIX)};
  var store = null;
  try { store = window.localStorage; } catch (error) {}
  function keyOf(notice) { return prefix + notice.getAttribute('data-alert') + ':' + notice.getAttribute('data-version'); }
  function update() {
    var shown = 0;
    var notices = section.querySelectorAll('[data-alert]');
    for (var i = 0; i < notices.length; i++) {
      var notice = notices[i];
      var ended = Date.parse(notice.getAttribute('data-ends')) <= Date.now();
      var dismissed = false;
      try { dismissed = !!store && store.getItem(keyOf(notice)) === '1'; } catch (error) {}
      notice.hidden = ended || dismissed;
      if (!notice.hidden) shown++;
    }
    section.hidden = shown === 0;
  }
  var buttons = section.querySelectorAll('[data-dismiss]');
  for (var j = 0; j < buttons.length; j++) {
    if (!store) continue;
    buttons[j].hidden = false;
    buttons[j].addEventListener('click', function (event) {
      var notice = event.currentTarget.closest('[data-alert]');
      try { store.setItem(keyOf(notice), '1'); } catch (error) {}
      update();
      var main = document.getElementById('main');
      if (main) { main.setAttribute('tabindex', '-1'); main.focus(); }
    });
  }
  update();
  var ends = section.querySelectorAll('[data-ends]');
  for (var k = 0; k < ends.length; k++) {
    var wait = Date.parse(ends[k].getAttribute('data-ends')) - Date.now();
    if (wait > 0 && wait < 2147483647) setTimeout(update, wait + 50);
  }
})();`;
