import type { ReactNode } from 'react';

/**
 * `text` with its `{name}` placeholder replaced by `element`: a catalogue's sentence around a link
 * ("Read our {link} to learn more."), wherever its language puts the link.
 */
export function withElement(text: string, name: string, element: ReactNode): ReactNode {
  const [before, after] = text.split(`{${name}}`);
  return (
    <>
      {before}
      {element}
      {after}
    </>
  );
}
