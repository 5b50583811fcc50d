import { useEffect, useRef, useState } from 'react';
import type { ArchiveProgress } from '../../../../contracts/my-data.js';
import { describeError } from '../../../lib/api-client.js';
import { onServerEvents, useRealtime } from '../../../lib/socket.js';
import { downloadArchive, saveFile } from './archive-download.js';

export type ArchiveDownload =
  | { state: 'idle' }
  | { state: 'working'; bytes: number; messages: ArchiveProgress | null }
  | { state: 'saved'; fileName: string }
  | { state: 'failed'; error: string };

/**
 * Downloads the data archive and saves it: bytes as they arrive, and the server's count of messages written
 * (archiveProgress over the socket) while it works. Leaving the page stops the download.
 */
export function useArchiveDownload(): { download: ArchiveDownload; start: () => void } {
  const [download, setDownload] = useState<ArchiveDownload>({ state: 'idle' });
  const socket = useRealtime((state) => state.socket);
  const working = download.state === 'working';
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  useEffect(() => {
    if (!socket || !working) return;
    return onServerEvents(socket, {
      archiveProgress: (messages) =>
        setDownload((current) => (current.state === 'working' ? { ...current, messages } : current)),
    });
  }, [socket, working]);

  const start = () => {
    if (working) return;
    const controller = new AbortController();
    abort.current = controller;
    setDownload({ state: 'working', bytes: 0, messages: null });
    const onBytes = (bytes: number) =>
      setDownload((current) => (current.state === 'working' ? { ...current, bytes } : current));
    downloadArchive(onBytes, controller.signal).then(
      (file) => {
        saveFile(file);
        setDownload({ state: 'saved', fileName: file.fileName });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setDownload({ state: 'failed', error: describeError(error) });
      },
    );
  };

  return { download, start };
}
