/** Where a stored document (PDF) is read: the API serves it by its id. */
export const documentUrl = (documentId: string) => `/api/document/${documentId}`;
