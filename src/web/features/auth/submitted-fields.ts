import type { FormEvent } from 'react';

/**
 * Stops the page reload and reads the submitted form's text fields by name; a missing field reads
 * as '' so the server, not the browser, says what is wrong with it (SPEC §5).
 */
export function submittedFields(event: FormEvent<HTMLFormElement>): (name: string) => string {
  event.preventDefault();
  const data = new FormData(event.currentTarget);
  return (name) => String(data.get(name) ?? '');
}
