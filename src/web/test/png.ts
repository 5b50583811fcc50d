/** A real 1x1 transparent PNG, base64-encoded as in a data URL. */
export const TINY_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** The same PNG's bytes, for a File a test picks. */
export const TINY_PNG = Uint8Array.from(atob(TINY_PNG_BASE64), (c) => c.charCodeAt(0));
