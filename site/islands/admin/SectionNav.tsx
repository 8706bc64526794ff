import { useEffect, useRef, useState } from 'react';
import type { DashboardSection, DashboardState } from './dashboard-sections.tsx';

/**
 * The dashboard's navigation: a sidebar on wide screens; on phones a menu behind a button that
 * names the current view. Entries are plain links to `#<id>`, so the browser records each view.
 */
export function SectionNav({
  sections,
  current,
  state,
}: {
  sections: readonly DashboardSection[];
  current: DashboardSection;
  state: DashboardState;
}) {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);

  // A view chosen (or reached with the back button) closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the view changes
  useEffect(() => setOpen(false), [current.id]);

  return (
    <nav
      className={`section-nav${open ? ' section-nav-open' : ''}`}
      aria-label="Dashboard sections"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          setOpen(false);
          toggle.current?.focus();
        }
      }}
    >
      <button
        ref={toggle}
        type="button"
        className="section-nav-toggle secondary"
        aria-expanded={open}
        aria-controls="section-nav-list"
        onClick={() => setOpen(!open)}
      >
        <span className="section-nav-toggle-label">Menu:</span>{' '}
        <span className="section-nav-toggle-current">{current.label}</span>
      </button>
      <ul id="section-nav-list">
        {sections.map((section) => {
          const count = section.count?.(state);
          return (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                aria-current={section.id === current.id ? 'page' : undefined}
                onClick={() => setOpen(false)}
              >
                <span>{section.label}</span>
                {count && count.value > 0 && (
                  <span className="nav-count">
                    {count.value} {count.meaning}
                  </span>
                )}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
