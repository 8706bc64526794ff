/**
 * A `Content-Disposition` header naming a file: a plain ASCII `filename` for every client, and the
 * exact name as `filename*` (RFC 6266). Quotes, backslashes and control characters never reach the
 * header, so a file's name cannot end it or add another.
 */
export function contentDisposition(type: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}

function encodeRfc5987(text: string): string {
  return encodeURIComponent(text.replace(/\p{Cc}/gu, '')).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}
