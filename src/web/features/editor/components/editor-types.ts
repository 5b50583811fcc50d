/** One opened PDF: its bytes (with the annotations made so far, once the user switches away). */
export interface OpenedFile {
  id: string;
  name: string;
  bytes: Uint8Array;
}

/** The message under the toolbars; `studioLink` adds a link to the Studio after a send. */
export type Notice = { kind: 'error' | 'success'; text: string; studioLink?: boolean } | null;

/**
 * Puts text under what the Studio's context box holds. The app passes it in from the Studio's store,
 * so the Editor never imports another feature.
 */
export type SendToContext = (text: string) => void;

/** Which long-running action is under way, so that only its button shows as busy. */
export type BusyAction = 'open' | 'download' | 'send' | 'note' | null;
