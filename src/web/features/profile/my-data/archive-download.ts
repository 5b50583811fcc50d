import { ARCHIVE_PATH } from '../../../../contracts/my-data.js';
import { apiFetch } from '../../../lib/api-client.js';

export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

const FALLBACK_NAME = 'simplified-data.zip';

/** The file name a Content-Disposition header gives, when it gives a plain one. */
export function fileNameOf(disposition: string | null): string {
  const match = /filename="([^"/\\]+)"/.exec(disposition ?? '');
  return match?.[1] ?? FALLBACK_NAME;
}

/**
 * Downloads the signed-in person's data archive, telling how many bytes have arrived as they arrive (the server
 * writes it as it is read, so its size is not known in advance).
 */
export async function downloadArchive(
  onBytes: (received: number) => void,
  signal?: AbortSignal,
): Promise<DownloadedFile> {
  const response = await apiFetch(ARCHIVE_PATH, { accept: 'application/zip', signal });
  const fileName = fileNameOf(response.headers.get('content-disposition'));
  const chunks: BlobPart[] = [];
  const reader = response.body?.getReader();
  if (!reader) {
    const whole = await response.blob();
    onBytes(whole.size);
    return { blob: whole, fileName };
  }
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onBytes(received);
  }
  return { blob: new Blob(chunks, { type: 'application/zip' }), fileName };
}

/** Hands a file to the browser to save, as a download link would. */
export function saveFile({ blob, fileName }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file by the time this runs; the memory it held is released.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
