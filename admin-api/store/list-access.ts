/** A list kept in a document: read as committed, changed through that document's writer. */
export interface ListAccess<Item> {
  items(): readonly Item[];
  /** Applies `change` to the list in a draft of the document; answers the committed list. */
  write(change: (draft: Item[]) => void): Promise<readonly Item[]>;
}
