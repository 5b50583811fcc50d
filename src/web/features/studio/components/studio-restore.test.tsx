import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../../lib/session-store.js';
import { renderApp } from '../../../test/render.js';
import { answerWith, openStudio } from '../../../test/studio-page.js';
import { studioApi, studioUser } from '../../../test/studio-api.js';
import { STUDIO_SESSION_VERSION, studioSessionKey } from '../state/studio-persistence.js';

beforeEach(() => useSession.setState({ user: null }));

describe('Studio: a session brought back after a reload', () => {
  it('shows the kept output and says what was too large to keep', async () => {
    studioApi();
    const data = {
      input: 'half a question',
      output: 'the newest answer',
      history: [{ text: 'the newest answer' }],
      historyIndex: 0,
      conversation: [
        { role: 'user', text: 'q' },
        { role: 'assistant', text: 'the newest answer' },
      ],
      context: '',
      files: [],
      selectedId: null,
      pro: false,
    };
    window.localStorage.setItem(
      studioSessionKey(studioUser._id),
      JSON.stringify({ version: STUDIO_SESSION_VERSION, data, leftOut: ['the 3 oldest replies'] }),
    );
    renderApp('/studio', { user: studioUser });
    expect(screen.getByRole('textbox', { name: 'Output' })).toHaveValue('the newest answer');
    expect(screen.getByRole('textbox', { name: 'Ask AI' })).toHaveValue('half a question');
    expect(
      await screen.findByText(
        'Your Studio session was too large to keep whole in this browser, so the 3 oldest replies could not be brought back.',
      ),
    ).toBeInTheDocument();
  });

  it('drops a corrupt stored session: the Studio opens empty and still answers', async () => {
    const api = studioApi();
    window.localStorage.setItem(studioSessionKey(studioUser._id), '{"version":1,"data":');
    const user = await openStudio(api, { pro: false });
    expect(screen.getByRole('textbox', { name: 'Output' })).toHaveValue('');
    expect(Object.keys(window.localStorage).filter((key) => key.startsWith('studio:'))).toEqual([]);
    await answerWith(api, user, 'Still here.');
  });
});
