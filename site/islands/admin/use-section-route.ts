import { useEffect, useState } from 'react';
import { type DashboardSection, sectionNamed } from './dashboard-sections.tsx';
import { hashParts } from './use-opened-item.ts';

/**
 * The view the address names: `/admin/dashboard#events`. A fragment, not a path: the dashboard
 * stays one pre-rendered page that any host serves (the product, a static host, the dev server),
 * the fragment never reaches the server, and the browser itself keeps each view in its history,
 * so links, the back button and bookmarks need no code beyond listening to `hashchange`.
 * `#events/<id>` (`#pages/<slug>`) also names one item of the view (use-opened-item.ts).
 */
export function useSectionRoute(sections: readonly DashboardSection[]): {
  section: DashboardSection;
  navigated: number;
} {
  const [state, setState] = useState(() => ({ section: sectionFromHash(sections), navigated: 0 }));
  useEffect(() => {
    const follow = () =>
      setState((previous) => ({ section: sectionFromHash(sections), navigated: previous.navigated + 1 }));
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, [sections]);
  return state;
}

/** The section the address names, among those the signed-in role may use (the first one otherwise). */
function sectionFromHash(sections: readonly DashboardSection[]): DashboardSection {
  return sectionNamed(sections, hashParts()[0]);
}
