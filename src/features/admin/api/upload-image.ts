/** The shop's own image upload (multipart field `file`, ADMIN only). */
export const UPLOAD_IMAGE_URL = '/api/upload-image';

type UploadReply = {
  success?: boolean;
  message?: string;
  data?: { url?: unknown } | null;
};

/**
 * Uploads one image and resolves with its stored URL. XMLHttpRequest rather than fetch because
 * only XHR reports upload progress; `onProgress` gets 0..1. Rejects with the server's message.
 */
export function uploadImage(file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', UPLOAD_IMAGE_URL);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const reply = (xhr.response ?? null) as UploadReply | null;
      const url = reply?.data?.url;
      if (xhr.status >= 200 && xhr.status < 300 && reply?.success && typeof url === 'string') {
        onProgress(1);
        resolve(url);
      } else {
        reject(new Error(reply?.message || `The upload failed (${xhr.status}).`));
      }
    };
    xhr.onerror = () => reject(new Error('The upload failed: the connection was lost.'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const body = new FormData();
    body.append('file', file);
    xhr.send(body);
  });
}
