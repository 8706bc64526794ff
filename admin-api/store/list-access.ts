/** A list kept in a document: read as committed, changed through that document's writer. */
export interface ListAccess<Item> {
  items(): readonly Item[];
  /** Applies `change` to the list in a draft of the document; answers the committed list. */
  write(change: (draft: Item[]) => void): Promise<WrittenList<Item>>;
}

export interface WrittenList<Item> {
  items: readonly Item[];
  /** The ETag of the committed document, when clients may send it back (`If-Match`). */
  etag?: string;
  /** The committed list as JSON (UTF-8), when its document keeps it (so an answer need not make it again). */
  json?: () => Uint8Array<ArrayBuffer>;
}
