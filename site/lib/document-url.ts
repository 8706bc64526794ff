/**
 * Where a stored document (PDF) is read: a static path by its id (the server serves it, a static
 * build holds it); `/api/document/<id>` answers too.
 */
export const documentUrl = (documentId: string) => `/documents/${documentId}`;
