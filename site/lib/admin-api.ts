/**
 * How the dashboard calls the API: every call carries the stored token, and a 401 answer ends the
 * session (the token is cleared and the login page opens), whichever call it came from; unless the
 * token it carried was replaced meanwhile (a password change gives a new one, and the calls still
 * under way with the old one are refused): such a call is sent again with the new token.
 */

import type { UploadedDocument } from '../contract/api.ts';
import type { ImageRef } from '../contract/content.ts';
import type { ReplacedDocument } from '../contract/media.ts';
import { adminSession } from './admin-session.ts';
import { ApiError, apiExchange, type RequestOptions, serverMessage } from './api-client.ts';

type AdminOptions = Omit<RequestOptions, 'token'> & {
  /** The call replaces the token (adminSession.renew): a 401 to it ends the session at once. */
  renewing?: boolean;
};

export async function adminExchange<T>(
  path: string,
  options: AdminOptions = {},
): Promise<{ body: T; headers: Headers }> {
  const { renewing = false, ...request } = options;
  const token = adminSession.token();
  try {
    return await apiExchange<T>(path, { ...request, token });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) throw error;
    if (!renewing) await adminSession.renewed();
    return replacedSince(token) ? adminExchange<T>(path, options) : endSession();
  }
}

export async function adminRequest<T>(path: string, options: AdminOptions = {}): Promise<T> {
  return (await adminExchange<T>(path, options)).body;
}

/**
 * A write to a long list (events, news, circulars, photos), answered without the list
 * (`Prefer: return=minimal`): the dashboard reads the page it shows again, and at 20,000 items the
 * list is megabytes. Answers the headers (the ETag Undo sends back).
 */
export async function writeToList(path: string, options: AdminOptions): Promise<Headers> {
  const headers = { ...options.headers, Prefer: 'return=minimal' };
  return (await adminExchange<null>(path, { ...options, headers })).headers;
}

/** POST /api/upload: an image, answered with its reference. */
export const uploadImage = (file: File, onProgress: (sent: number) => void) =>
  upload<ImageRef>('/api/upload', file, onProgress);

/** POST /api/documents: a PDF, answered with its reference and size. */
export const uploadDocument = (file: File, onProgress: (sent: number) => void) =>
  upload<UploadedDocument>('/api/documents', file, onProgress);

/** PUT /api/admin/media/documents/{documentId}: a document's new file (the media library). */
export const replaceDocumentFile = (documentId: string, file: File, onProgress: (sent: number) => void) =>
  upload<ReplacedDocument>(`/api/admin/media/documents/${encodeURIComponent(documentId)}`, file, onProgress, 'PUT');

/**
 * A file sent in the form field `file`. XMLHttpRequest rather than fetch because only it reports
 * how much of the upload has been sent (`onProgress` gets 0…1).
 */
function upload<T>(path: string, file: File, onProgress: (sent: number) => void, method = 'POST'): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, path);
    const token = adminSession.token();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = async () => {
      if (request.status === 401) {
        await adminSession.renewed();
        return replacedSince(token) ? resolve(upload<T>(path, file, onProgress, method)) : void endSession();
      }
      if (request.status >= 200 && request.status < 300) return resolve(request.response as T);
      reject(new ApiError(request.status, serverMessage(request.response)));
    };
    request.onerror = () => reject(new ApiError(0, null));
    const form = new FormData();
    form.append('file', file);
    request.send(form);
  });
}

/**
 * Fetches a file only administrators may have (a plain link cannot carry the token) and hands it
 * to the browser as a download, under the name the server gives it.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const response = await signedInFetch(path);
  if (!response.ok) throw new ApiError(response.status, serverMessage(await response.json().catch(() => null)));
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameIn(response.headers.get('content-disposition')) ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file by then; the memory is given back.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** A GET with the token whose answer is not JSON (a file); a 401 ends the session. */
async function signedInFetch(path: string): Promise<Response> {
  const token = adminSession.token();
  let response: Response;
  try {
    response = await fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new ApiError(0, null);
  }
  if (response.status === 401) await adminSession.renewed();
  if (response.status === 401) return replacedSince(token) ? signedInFetch(path) : endSession();
  return response;
}

/** The plain `filename` of a `Content-Disposition` header. */
function fileNameIn(header: string | null): string | null {
  return header ? (/filename="([^"]+)"/.exec(header)?.[1] ?? null) : null;
}

/** Whether the stored token is no longer `sentWith`, the one a refused call carried. */
const replacedSince = (sentWith: string | null) => adminSession.token() !== sentWith;

/** The page is leaving for the login: never settle, so no failure message flashes up meanwhile. */
function endSession(): Promise<never> {
  adminSession.end();
  return new Promise<never>(() => {});
}
