import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { must } from './must.js';
import { renderApp } from './render.js';
import { callsTo, studioUser, type studioApi } from './studio-api.js';

type StudioApi = ReturnType<typeof studioApi>;

/** Opens /studio as the test user; with Pro/Max (the default) it waits for the saved items to load. */
export async function openStudio(api: StudioApi, { pro = true } = {}) {
  const user = userEvent.setup();
  renderApp('/studio', { user: studioUser });
  if (pro) {
    await user.click(screen.getByRole('button', { name: 'Pro/Max' }));
    await waitFor(() => expect(callsTo(api.calls, 'GET', '/api/actions/getActions/')).toHaveLength(1));
  }
  return user;
}

/** Asks a question and streams `text` as the answer, until the output box shows it. */
export async function answerWith(api: StudioApi, user: ReturnType<typeof userEvent.setup>, text: string) {
  const outputBox = screen.getByRole('textbox', { name: 'Output' });
  const askBox = screen.getByRole('textbox', { name: 'Ask AI' });
  const before = api.streams.length;
  await user.clear(askBox);
  await user.type(askBox, 'question{Enter}');
  await waitFor(() => expect(api.streams.length).toBe(before + 1));
  const stream = must(api.streams.at(-1));
  act(() => stream.push(text));
  await act(async () => stream.end());
  await waitFor(() => expect(outputBox).toHaveValue(text));
}
