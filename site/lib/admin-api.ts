/**
 * How the dashboard calls the API: every call carries the stored token, and a 401 answer ends the
 * session (the token is cleared and the login page opens), whichever call it came from.
 */

import type { ImageRef } from '../contract/content.ts';
import { adminSession } from './admin-session.ts';
import { ApiError, apiExchange, type RequestOptions, serverMessage } from './api-client.ts';

type AdminOptions = Omit<RequestOptions, 'token'>;

export async function adminExchange<T>(path: string, options: AdminOptions = {}) {
  try {
    return await apiExchange<T>(path, { ...options, token: adminSession.token() });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return endSession();
    throw error;
  }
}

export async function adminRequest<T>(path: string, options: AdminOptions = {}): Promise<T> {
  return (await adminExchange<T>(path, options)).body;
}

/**
 * POST /api/upload with the file in the field `file`. XMLHttpRequest rather than fetch because
 * only it reports how much of the upload has been sent (`onProgress` gets 0…1).
 */
export function uploadImage(file: File, onProgress: (sent: number) => void): Promise<ImageRef> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/upload');
    const token = adminSession.token();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status === 401) return void endSession();
      if (request.status >= 200 && request.status < 300) return resolve(request.response as ImageRef);
      reject(new ApiError(request.status, serverMessage(request.response)));
    };
    request.onerror = () => reject(new ApiError(0, null));
    const form = new FormData();
    form.append('file', file);
    request.send(form);
  });
}

/** The page is leaving for the login: never settle, so no failure message flashes up meanwhile. */
function endSession(): Promise<never> {
  adminSession.end();
  return new Promise<never>(() => {});
}
