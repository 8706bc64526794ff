import { useEffect, useState } from 'react';

/**
 * `#events/<id>` (`#pages/<slug>`): the address names one item of a view, which the view opens for
 * editing (the accessibility report links the item to fix this way). See use-section-route.ts.
 */
export function useOpenedItem(sectionId: string): string | null {
  const [item, setItem] = useState<string | null>(() => itemIn(sectionId));
  useEffect(() => {
    const follow = () => setItem(itemIn(sectionId));
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, [sectionId]);
  return item;
}

/** The view's id and the item's of the address: `#events/<id>` → ['events', '<id>']. */
export function hashParts(): [section: string, item: string | null] {
  const [section = '', ...item] = window.location.hash.slice(1).split('/');
  return [decodeURIComponent(section), item.length ? decodeURIComponent(item.join('/')) : null];
}

const itemIn = (sectionId: string) => {
  const [section, item] = hashParts();
  return section === sectionId ? item : null;
};
