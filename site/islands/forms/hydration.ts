import { type RefObject, useEffect, useState } from 'react';

/**
 * False in the server-rendered page and until the island runs. Submit buttons wait for it: a
 * click before then would send the form the browser's way, not the island's.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * What a visitor typed into `form` before its island ran: the page is usable before React is,
 * and nothing typed then may be lost. Calls `adopt` once, with the non-empty values by name.
 */
export function useTypedBeforeHydration(
  form: RefObject<HTMLFormElement | null>,
  names: readonly string[],
  adopt: (typed: Record<string, string>) => void,
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on hydration; later typing goes through React
  useEffect(() => {
    const typed: Record<string, string> = {};
    for (const name of names) {
      const control = form.current?.elements.namedItem(name);
      const ticked = control instanceof HTMLInputElement && control.type === 'checkbox';
      const value = ticked
        ? control.checked
          ? control.value
          : ''
        : control && 'value' in control
          ? control.value
          : '';
      if (value) typed[name] = value;
    }
    if (Object.keys(typed).length > 0) adopt(typed);
    // Once, on hydration: later typing goes through React.
  }, []);
}
