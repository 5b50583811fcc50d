import yauzl from 'yauzl';
import type { TestClient } from './http-client.js';

/** A downloaded data archive: the HTTP answer and each file's bytes by name. */
export interface DownloadedArchive {
  status: number;
  headers: Headers;
  files: Map<string, Buffer>;
}

/** Every entry of a zip held in memory, by name (yauzl checks each entry's CRC as it reads). */
export function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, archive) => {
      if (error) return reject(error);
      const files = new Map<string, Buffer>();
      archive.on('entry', (entry: yauzl.Entry) => {
        archive.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            archive.readEntry();
          });
        });
      });
      archive.on('end', () => resolve(files));
      archive.on('error', reject);
      archive.readEntry();
    });
  });
}

/** Downloads the signed-in person's data archive as the browser does, and unzips it when it came. */
export async function downloadArchive(client: TestClient): Promise<DownloadedArchive> {
  const res = await fetch(`${client.baseUrl}/api/users/me/archive`, {
    headers: { cookie: client.cookieHeader },
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  const files = res.status === 200 ? await unzip(bytes) : new Map<string, Buffer>();
  return { status: res.status, headers: res.headers, files };
}

/** One JSON file of an archive, parsed. */
export function jsonOf<T>(archive: DownloadedArchive, name: string): T {
  const file = archive.files.get(name);
  if (!file) throw new Error(`${name} is not in the archive`);
  return JSON.parse(file.toString('utf8')) as T;
}
