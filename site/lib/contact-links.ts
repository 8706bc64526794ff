/** The school's contact details as links and lines. */

/** `+91 80 4000 1234` → `tel:+918040001234`. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^+\d]/g, '')}`;

/** The address as its lines (stored one per line), without blank ones. */
export const addressLines = (address: string) =>
  address
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
