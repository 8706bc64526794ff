/**
 * Loads something once, on first use. The forms fetch their zod schema this way: zod stays out
 * of the JavaScript a page needs to show and hydrate, and arrives while the visitor types.
 */
export function lazy<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= load();
    loading.catch(() => (loading = null));
    return loading;
  };
}
