import { checkPicture, PICTURE_HEAD_BYTES, type PictureCheck } from '../../../contracts/pictures.js';

function readHead(file: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      reader.result instanceof ArrayBuffer
        ? resolve(new Uint8Array(reader.result))
        : reject(new Error('empty'));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(file.slice(0, PICTURE_HEAD_BYTES));
  });
}

/**
 * Runs the server's picture rule on a chosen file before it is previewed: its declared type, its size and its
 * first bytes (an SVG, or text renamed to .png, is refused here rather than on Update).
 */
export async function checkPictureFile(file: File): Promise<PictureCheck> {
  const early = checkPicture(file.type, file.size, new Uint8Array(0));
  // Only a file of a stored type and size needs its bytes read to tell a real picture from a renamed one.
  if (!early.ok && early.problem !== 'mismatch') return early;
  return checkPicture(file.type, file.size, await readHead(file));
}
