import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../test/fetch-mock.js';
import { renderApp } from '../test/render.js';

describe('document titles', () => {
  it.each([
    ['/tos', 'Terms & privacy · Simplified'],
    ['/signup', 'Sign up · Simplified'],
  ])('%s names itself in the document title', async (path, title) => {
    mockApi(() => ({ status: 200, body: { contactEmail: 'hello@example.com' } }));
    renderApp(path);
    await waitFor(() => expect(document.title).toBe(title));
  });
});
