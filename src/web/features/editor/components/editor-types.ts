/** One open PDF's tab; its bytes are kept apart (in memory and in IndexedDB). */
export interface OpenedFile {
  id: string;
  name: string;
  /** Annotations were made since it was opened or last downloaded: closing it asks first. */
  unsaved: boolean;
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

/** The Editor's panels that open and close: the find bar, the thumbnails, the phone's annotation tools. */
export interface EditorPanels {
  find: boolean;
  thumbnails: boolean;
  tools: boolean;
}
