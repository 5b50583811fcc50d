import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CardDraft } from '../../../../contracts/personas.js';
import { mockApi } from '../../../test/fetch-mock.js';
import { TINY_PNG_BASE64 as PNG_BASE64 } from '../../../test/png.js';
import { buildSelfUser } from '../../../test/fixtures.js';
import { renderApp } from '../../../test/render.js';
import { CARD_MAX_BYTES } from './card-import.js';

const me = buildSelfUser({ username: 'ada' });
const field = (name: RegExp) => screen.getByRole('textbox', { name });
const picker = () => screen.getByLabelText('Import character card');

const draft: CardDraft = {
  name: 'Captain Nemo',
  username: 'captainnemo',
  bio: 'Mysterious submarine captain.',
  prompt: 'You are Captain Nemo. Speak with calm authority.',
  memory: 'The Nautilus is your home.',
  tag: 'Epic',
  openingMessage: 'Welcome aboard the Nautilus.',
  profilePic: '',
  notes: ['The description was cut to 1200 characters.', 'Removed characters that are not allowed: < > *'],
  rating: 'general',
};

const cardFile = () =>
  new File([JSON.stringify({ spec: 'chara_card_v2', data: { name: 'Captain Nemo' } })], 'nemo.json', {
    type: 'application/json',
  });

describe('character card import', () => {
  it('accepts JSON and PNG cards', () => {
    mockApi(() => ({ status: 404, body: { error: 'Not found' } }));
    renderApp('/create', { user: me });
    expect(picker()).toHaveAttribute('type', 'file');
    expect(picker()).toHaveAttribute('accept', '.json,.png,application/json,image/png');
  });

  it('sends the file as a data URL, fills the form with the draft and lists what changed', async () => {
    const { calls } = mockApi(() => ({ status: 200, body: draft }));
    const user = userEvent.setup();
    renderApp('/create', { user: me });
    await user.type(field(/^Name/), 'Someone else');
    await user.upload(picker(), cardFile());

    await waitFor(() => expect(field(/^Name/)).toHaveValue('Captain Nemo'));
    const call = calls.find((c) => c.path === '/api/ai/cards/parse');
    expect(call?.method).toBe('POST');
    expect((call?.body as { file: string }).file).toMatch(/^data:application\/json;base64,/);
    expect(field(/^Username/)).toHaveValue('captainnemo');
    expect(field(/^Bio/)).toHaveValue('Mysterious submarine captain.');
    expect(field(/^Prompt/)).toHaveValue('You are Captain Nemo. Speak with calm authority.');
    expect(field(/^Memory/)).toHaveValue('The Nautilus is your home.');
    expect(field(/^Opening message/)).toHaveValue('Welcome aboard the Nautilus.');
    expect(screen.getByRole('combobox', { name: /^Category/ })).toHaveValue('Epic');
    expect(screen.queryByRole('button', { name: 'Remove picture' })).not.toBeInTheDocument();

    expect(screen.getByText('What changed to fit:')).toBeInTheDocument();
    const notes = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(notes).toEqual(draft.notes);
  });

  it('shows the server’s reason when the file is not a card, leaving the form alone', async () => {
    mockApi(() => ({ status: 400, body: { error: 'This file is not a character card' } }));
    const user = userEvent.setup();
    renderApp('/create', { user: me });
    await user.type(field(/^Name/), 'Kept');
    await user.upload(picker(), cardFile());
    expect(await screen.findByRole('alert')).toHaveTextContent('This file is not a character card');
    expect(field(/^Name/)).toHaveValue('Kept');
    expect(screen.queryByText('What changed to fit:')).not.toBeInTheDocument();
  });

  it('refuses a file over 5 MB before uploading it', async () => {
    const { calls } = mockApi(() => ({ status: 200, body: draft }));
    const user = userEvent.setup();
    renderApp('/create', { user: me });
    const big = new File([new Uint8Array(CARD_MAX_BYTES + 1)], 'huge.png', { type: 'image/png' });
    await user.upload(picker(), big);
    expect(await screen.findByRole('alert')).toHaveTextContent('The card file must be 5 MB or smaller');
    expect(calls).toHaveLength(0);
  });

  it('shows a PNG card’s picture and sends it, with the opening message, when creating', async () => {
    const picture = `data:image/png;base64,${PNG_BASE64}`;
    const { calls } = mockApi((call) =>
      call.path === '/api/ai/cards/parse'
        ? { status: 200, body: { ...draft, profilePic: picture } }
        : { status: 500, body: { error: 'stop here' } },
    );
    const user = userEvent.setup();
    renderApp('/create', { user: me });
    await user.upload(picker(), cardFile());
    const avatar = await screen.findByRole('img', { name: 'Profile picture of Captain Nemo' });
    expect(avatar).toHaveAttribute('src', picture);

    await user.click(screen.getByRole('button', { name: 'Create AI' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/ai/createAI')).toBe(true));
    expect(calls.find((c) => c.path === '/api/ai/createAI')?.body).toMatchObject({
      profilePic: picture,
      openingMessage: 'Welcome aboard the Nautilus.',
    });
  });

  it('leaves the card’s picture out once removed', async () => {
    const { calls } = mockApi((call) =>
      call.path === '/api/ai/cards/parse'
        ? { status: 200, body: { ...draft, profilePic: `data:image/png;base64,${PNG_BASE64}` } }
        : { status: 500, body: { error: 'stop here' } },
    );
    const user = userEvent.setup();
    renderApp('/create', { user: me });
    await user.upload(picker(), cardFile());
    await user.click(await screen.findByRole('button', { name: 'Remove picture' }));
    expect(screen.queryByRole('img', { name: 'Profile picture of Captain Nemo' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create AI' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/ai/createAI')).toBe(true));
    expect(calls.find((c) => c.path === '/api/ai/createAI')?.body).toMatchObject({ profilePic: '' });
  });

  it('keeps a card’s rating, and asks for one when the card does not say', async () => {
    const { rating: _unsaid, ...unrated } = draft;
    const { calls } = mockApi((call) =>
      call.path === '/api/ai/cards/parse'
        ? { status: 200, body: unrated }
        : { status: 500, body: { error: 'stop here' } },
    );
    const user = userEvent.setup();
    renderApp('/create', { user: me });
    await user.upload(picker(), cardFile());
    const ratings = await screen.findByRole('group', { name: 'Content rating' });
    // The blank form's group is there before the parsed card fills it: wait for the card's (unsaid) rating.
    await waitFor(() => expect(screen.getByRole('radio', { name: 'General' })).not.toBeChecked());
    expect(screen.getByRole('radio', { name: 'Mature' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Create AI' }));
    expect(await screen.findByText('Choose a content rating')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/ai/createAI')).toBe(false);
    await user.click(screen.getByRole('radio', { name: 'Mature' }));
    expect(ratings).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create AI' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/ai/createAI')?.body).toMatchObject({ rating: 'mature' }),
    );
  });
});
