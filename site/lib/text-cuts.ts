/** Previews of long texts: the leadership messages (by words), news and events (by characters). */
export const ELLIPSIS = '…';

export interface Preview {
  text: string;
  /** True when the preview leaves part of the text out. */
  cut: boolean;
}

/** The first `limit` words of `text`, followed by an ellipsis when there were more. */
export function previewWords(text: string, limit: number): Preview {
  const words = text.trim().split(/\s+/).filter(Boolean);
  if (words.length <= limit) return { text: words.join(' '), cut: false };
  return { text: words.slice(0, limit).join(' ') + ELLIPSIS, cut: true };
}

/**
 * The first `limit` characters of `text`, followed by an ellipsis when there were more. Counts
 * characters as people see them (an emoji is one), so a cut never splits one in half.
 */
export function previewCharacters(text: string, limit: number): Preview {
  const characters = Array.from(text.trim());
  if (characters.length <= limit) return { text: characters.join(''), cut: false };
  return { text: characters.slice(0, limit).join('').trimEnd() + ELLIPSIS, cut: true };
}

/** Spec §9: the preview lengths. */
export const PREVIEW_LIMITS = { leadershipWords: 25, newsCharacters: 120, eventCharacters: 100 } as const;
