import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { WEB_EMPTY_MESSAGE } from '../../../../contracts/ai.js';
import { RECALL_EMPTY_MESSAGE } from '../model/recall.js';
import { PLAIN_TEXT_RULE, STUDIO_SHORTCUTS } from '../model/studio-presets.js';
import { must } from '../../../test/must.js';
import { renderApp } from '../../../test/render.js';
import { useStudio } from '../state/studio-store.js';
import { buildAction, callsTo, studioApi, studioUser, webAnswer } from '../../../test/studio-api.js';
import { answerWith, openStudio } from '../../../test/studio-page.js';
import { DELETE_CONFIRMATION } from './context-panel.js';

const askBox = () => screen.getByRole('textbox', { name: 'Ask AI' });
const outputBox = () => screen.getByRole('textbox', { name: 'Output' });
const contextBox = () => screen.getByRole('textbox', { name: /^Context/ });
const selector = () => screen.getByRole('combobox', { name: 'Saved items' });
const chip = () => screen.getByRole('group', { name: 'Context size' });
const proToggle = () => screen.getByRole('button', { name: 'Pro/Max' });

beforeEach(() => useStudio.getState().reset());

describe('Studio: Pro/Max, context and saved items', () => {
  it('reveals the 16 shortcuts and the context panel with the Pro/Max toggle', async () => {
    const api = studioApi();
    const user = await openStudio(api, { pro: false });
    expect(proToggle()).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('button', { name: 'research' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Saved items' })).not.toBeInTheDocument();

    await user.click(proToggle());
    expect(proToggle()).toHaveAttribute('aria-pressed', 'true');
    for (const shortcut of STUDIO_SHORTCUTS) {
      expect(screen.getByRole('button', { name: shortcut })).toBeInTheDocument();
    }
    expect(selector()).toBeInTheDocument();
    expect(contextBox()).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add PDFs' })).toBeInTheDocument();
    expect(screen.getByLabelText('Add PDF files')).toHaveAttribute('accept', 'application/pdf');
    expect(screen.getByLabelText('Add PDF files')).toHaveAttribute('multiple');

    await user.click(proToggle());
    expect(screen.queryByRole('button', { name: 'research' })).not.toBeInTheDocument();
  });

  it('counts the context in the chip, with K above 1000, and frees it', async () => {
    const api = studioApi();
    const user = await openStudio(api);
    expect(chip()).toHaveTextContent('context 0');
    await user.click(contextBox());
    await user.paste('x'.repeat(850));
    expect(chip()).toHaveTextContent('context 850');
    await user.paste('y'.repeat(384));
    expect(chip()).toHaveTextContent('context 1.2K');

    await user.click(within(chip()).getByRole('button', { name: 'Free the context' }));
    expect(contextBox()).toHaveValue('');
    expect(chip()).toHaveTextContent('context 0');
    expect(within(chip()).getByRole('button', { name: 'Free the context' })).toBeDisabled();
  });

  it('sends the context with a shortcut', async () => {
    const api = studioApi();
    const user = await openStudio(api);
    await user.type(contextBox(), 'We sell handmade mugs.');
    await user.click(screen.getByRole('button', { name: 'socials' }));
    await waitFor(() => expect(api.streams).toHaveLength(1));
    const message = must(api.streams[0]).message;
    expect(message).toContain('Write 4 posts');
    expect(message).toContain('Context:\n"""\nWe sell handmade mugs.\n"""');
  });

  it('saves the output as a note with memory, and updates the selected item instead when there is one', async () => {
    const existing = buildAction({ title: 'Ideas', memory: 'old ideas' });
    const api = studioApi({ actions: [existing] });
    const user = await openStudio(api);
    await answerWith(api, user, 'Plant tomatoes in May.\nWater often.');

    await user.click(screen.getByRole('button', { name: 'Save output to memory' }));
    await waitFor(() => expect(callsTo(api.calls, 'POST', '/api/actions/createAction')).toHaveLength(1));
    expect(callsTo(api.calls, 'POST', '/api/actions/createAction')[0]?.body).toEqual({
      userId: studioUser._id,
      type: 'note',
      title: 'Plant tomatoes in May.',
      description: '',
      memory: 'Plant tomatoes in May.\nWater often.',
    });
    expect(await screen.findByText('Saved “Plant tomatoes in May.” as a note.')).toBeInTheDocument();
    expect(within(selector()).getByRole('option', { name: 'Plant tomatoes in May.' })).toBeInTheDocument();

    await user.selectOptions(selector(), 'Ideas');
    expect(contextBox()).toHaveValue('old ideas');
    await user.click(screen.getByRole('button', { name: 'Update memory: Ideas' }));
    await waitFor(() => expect(callsTo(api.calls, 'PATCH', '/api/actions/updateAction/')).toHaveLength(1));
    expect(callsTo(api.calls, 'PATCH', '/api/actions/updateAction/')[0]).toMatchObject({
      path: `/api/actions/updateAction/${existing._id}`,
      body: { userId: studioUser._id, memory: 'Plant tomatoes in May.\nWater often.' },
    });
    const updated = await screen.findByText(/^Updated “Ideas” with the output\./);
    await user.click(within(updated).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(callsTo(api.calls, 'PATCH', '/api/actions/updateAction/')).toHaveLength(2));
    expect(callsTo(api.calls, 'PATCH', '/api/actions/updateAction/')[1]?.body).toMatchObject({
      memory: 'old ideas',
    });
    expect(await screen.findByText('Restored the earlier text of “Ideas”.')).toBeInTheDocument();
  });

  it('memory never overwrites a selected saved prompt: the answer becomes a new note', async () => {
    const prompt = buildAction({ type: 'prompt', title: 'Tone', memory: 'Answer like a pirate' });
    const api = studioApi({ actions: [prompt] });
    const user = await openStudio(api);
    await answerWith(api, user, 'Arr, tomatoes in May.');
    await user.selectOptions(selector(), 'Tone');
    await user.click(screen.getByRole('button', { name: 'Save output to memory' }));
    await waitFor(() => expect(callsTo(api.calls, 'POST', '/api/actions/createAction')).toHaveLength(1));
    expect(callsTo(api.calls, 'POST', '/api/actions/createAction')[0]?.body).toMatchObject({
      type: 'note',
      memory: 'Arr, tomatoes in May.',
    });
    expect(callsTo(api.calls, 'PATCH', '/api/actions/updateAction/')).toHaveLength(0);
    expect(
      await screen.findByText('Saved “Arr, tomatoes in May.” as a note. Your prompt “Tone” is unchanged.'),
    ).toBeInTheDocument();
  });

  it('memory and save do nothing with empty text', async () => {
    const api = studioApi();
    const user = await openStudio(api);
    await user.click(screen.getByRole('button', { name: 'Save output to memory' }));
    await user.type(contextBox(), '   ');
    await user.click(screen.getByRole('button', { name: 'Save context as a note' }));
    await user.click(screen.getByRole('button', { name: 'save as prompt' }));
    expect(callsTo(api.calls, 'POST', '/api/actions')).toHaveLength(0);
    expect(screen.queryByRole('status', { name: /Saved/ })).not.toBeInTheDocument();
  });

  it('saves the context as a new note, then updates it', async () => {
    const api = studioApi();
    const user = await openStudio(api);
    await user.type(contextBox(), 'Trip plan');
    await user.click(screen.getByRole('button', { name: 'Save context as a note' }));
    expect(await screen.findByText('Saved “Trip plan” as a note.')).toBeInTheDocument();
    expect(selector()).toHaveDisplayValue('Trip plan');

    await user.type(contextBox(), ': Lisbon');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(callsTo(api.calls, 'PATCH', '/api/actions/updateAction/')).toHaveLength(1));
    expect(callsTo(api.calls, 'PATCH', '/api/actions/updateAction/')[0]?.body).toMatchObject({
      memory: 'Trip plan: Lisbon',
    });
  });

  it('loads a saved item into the context box when selected, and ignores the space key', async () => {
    const note = buildAction({ title: 'Recipe', memory: 'Flour, water, salt.' });
    const api = studioApi({ actions: [note] });
    const user = await openStudio(api);
    await waitFor(() =>
      expect(within(selector()).getByRole('option', { name: 'Recipe' })).toBeInTheDocument(),
    );

    selector().focus();
    const spaceDown = fireEvent.keyDown(selector(), { key: ' ', code: 'Space' });
    expect(spaceDown).toBe(false); // default prevented: the list neither opens nor changes
    expect(selector()).toHaveValue('');
    expect(contextBox()).toHaveValue('');

    await user.selectOptions(selector(), 'Recipe');
    expect(contextBox()).toHaveValue('Flour, water, salt.');
    expect(screen.getByText('· editing “Recipe”')).toBeInTheDocument();
    expect(fireEvent.keyDown(selector(), { key: 'Enter' })).toBe(true);
  });

  it('asks with the exact SPEC sentence before deleting, and deletes on yes', async () => {
    const note = buildAction({ title: 'Old note', memory: 'Remove me' });
    const api = studioApi({ actions: [note] });
    const user = await openStudio(api);
    const del = () => screen.getByRole('button', { name: 'del (Delete saved item)' });
    expect(del()).toBeDisabled();
    await waitFor(() =>
      expect(within(selector()).getByRole('option', { name: 'Old note' })).toBeInTheDocument(),
    );
    await user.selectOptions(selector(), 'Old note');

    await user.click(del());
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveAccessibleName(DELETE_CONFIRMATION);
    expect(DELETE_CONFIRMATION).toBe('Are you sure you want to delete this action?');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(callsTo(api.calls, 'DELETE', '/api/actions')).toHaveLength(0);

    await user.click(del());
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo(api.calls, 'DELETE', '/api/actions')).toHaveLength(1));
    expect(callsTo(api.calls, 'DELETE', '/api/actions')[0]?.path).toBe(
      `/api/actions/deleteAction/${note._id}`,
    );
    expect(await screen.findByText('Deleted “Old note”.')).toBeInTheDocument();
    expect(within(selector()).queryByRole('option', { name: 'Old note' })).not.toBeInTheDocument();
    expect(contextBox()).toHaveValue('');
  });

  it('recall from the memory search: asks for a term, reports no match, fills the context with excerpts', async () => {
    const api = studioApi({
      actions: [
        buildAction({ title: 'Garden', memory: 'Plant tomatoes after the last frost.' }),
        buildAction({ title: 'Work', memory: 'Quarterly report due Friday.' }),
      ],
    });
    const user = await openStudio(api);
    const search = screen.getByRole('searchbox', { name: 'Search memory' });
    const recall = screen.getByRole('button', { name: 'Recall from memory' });

    await user.click(recall);
    expect(await screen.findByRole('alert')).toHaveTextContent(RECALL_EMPTY_MESSAGE);

    await user.type(search, 'zebras');
    await user.click(recall);
    expect(await screen.findByText('Nothing in your saved items mentions “zebras”.')).toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'the TOMATOES{Enter}');
    expect(contextBox()).toHaveValue('From "Garden":\nPlant tomatoes after the last frost.');
    expect(screen.getByText('Recalled 1 passage from 1 saved item into the context.')).toBeInTheDocument();
  });

  it('recall finds a note saved in Arabic presentation forms by the typed word, and recalls it normalised', async () => {
    // "العربية" as a PDF's text layer gives it: the shaped glyphs' code points, not the letters people type.
    const shaped = '\uFE8D\uFEDF\uFECC\uFEAE\uFE91\uFEF4\uFE94';
    const api = studioApi({ actions: [buildAction({ title: 'Languages', memory: `اللغة ${shaped}` })] });
    const user = await openStudio(api);
    await user.type(screen.getByRole('searchbox', { name: 'Search memory' }), 'العربية{Enter}');
    expect(contextBox()).toHaveValue('From "Languages":\nاللغة العربية');
  });

  it('recall replacing typed context offers Undo, which brings the typed text back', async () => {
    const api = studioApi({ actions: [buildAction({ title: 'Garden', memory: 'Plant tomatoes.' })] });
    const user = await openStudio(api);
    await user.type(contextBox(), 'My own notes');
    await user.type(screen.getByRole('searchbox', { name: 'Search memory' }), 'tomatoes{Enter}');
    expect(contextBox()).toHaveValue('From "Garden":\nPlant tomatoes.');
    const offer = screen.getByText(/^Your earlier context was replaced by the recalled passages\./);
    await user.click(within(must(offer.parentElement)).getByRole('button', { name: 'Undo' }));
    expect(contextBox()).toHaveValue('My own notes');
    expect(contextBox()).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
  });

  it('the recall shortcut uses the Ask AI words as its term', async () => {
    const api = studioApi({
      actions: [buildAction({ title: 'Work', memory: 'Quarterly report due Friday.' })],
    });
    const user = await openStudio(api);
    const shortcut = screen.getByRole('button', { name: 'recall' });
    await user.click(shortcut);
    expect(await screen.findByRole('alert')).toHaveTextContent(RECALL_EMPTY_MESSAGE);
    await user.type(askBox(), 'report');
    await user.click(shortcut);
    await waitFor(() => expect(contextBox()).toHaveValue('From "Work":\nQuarterly report due Friday.'));
    expect(callsTo(api.calls, 'POST', '/api/ai')).toHaveLength(0);
  });

  it('web needs a phrase, then shows the text, the link and the note', async () => {
    const api = studioApi({
      web: (phrase) =>
        phrase === 'Ada Lovelace'
          ? { status: 200, body: webAnswer() }
          : {
              status: 200,
              body: webAnswer({
                phrase,
                title: phrase,
                text: 'A made-up word.',
                url: undefined,
                source: 'ai',
                note: 'The encyclopedia has no clear article for this phrase, so the AI summarised it instead.',
              }),
            },
    });
    const user = await openStudio(api);
    const web = () => screen.getByRole('button', { name: 'web' });
    await user.click(web());
    expect(await screen.findByRole('alert')).toHaveTextContent(WEB_EMPTY_MESSAGE);
    await user.type(askBox(), 'a');
    await user.click(web());
    expect(screen.getByRole('alert')).toHaveTextContent(WEB_EMPTY_MESSAGE);
    expect(callsTo(api.calls, 'POST', '/api/ai/web')).toHaveLength(0);
    await user.clear(askBox());

    await user.type(askBox(), 'Ada Lovelace');
    await user.click(web());
    await waitFor(() => expect(outputBox()).toHaveValue('Ada Lovelace was an English mathematician.'));
    const link = screen.getByRole('link', { name: /Read “Ada Lovelace” on the encyclopedia/ });
    expect(link).toHaveAttribute('href', 'https://en.wikipedia.org/wiki/Ada_Lovelace');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.clear(askBox());
    await user.type(askBox(), 'blorptastic');
    await user.click(web());
    expect(
      await screen.findByText(
        'The encyclopedia has no clear article for this phrase, so the AI summarised it instead.',
      ),
    ).toBeInTheDocument();
    expect(outputBox()).toHaveValue('A made-up word.');
    expect(screen.queryByRole('link', { name: /encyclopedia/ })).not.toBeInTheDocument();
  });

  it('pins a saved prompt, which then runs in one click', async () => {
    const prompt = buildAction({ type: 'prompt', title: 'Haiku', memory: 'You are a poet. Write a haiku.' });
    const api = studioApi({ actions: [prompt] });
    const user = await openStudio(api);
    await waitFor(() =>
      expect(within(selector()).getByRole('option', { name: 'Haiku' })).toBeInTheDocument(),
    );
    expect(screen.queryByRole('button', { name: 'Run saved prompt: Haiku' })).not.toBeInTheDocument();

    await user.selectOptions(selector(), 'Haiku');
    const pin = screen.getByRole('button', { name: 'Pin as a shortcut' });
    expect(pin).toHaveAttribute('aria-pressed', 'false');
    await user.click(pin);
    await waitFor(() => expect(callsTo(api.calls, 'PATCH', '/api/actions/updateAction/')).toHaveLength(1));
    expect(callsTo(api.calls, 'PATCH', '/api/actions/updateAction/')[0]?.body).toEqual({
      userId: studioUser._id,
      pinned: true,
    });
    expect(await screen.findByRole('button', { name: 'Pinned as a shortcut' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await user.type(askBox(), 'autumn rain');
    await user.click(screen.getByRole('button', { name: 'Run saved prompt: Haiku' }));
    await waitFor(() => expect(api.streams).toHaveLength(1));
    const message = must(api.streams[0]).message;
    expect(message.startsWith(`You are a poet. Write a haiku.\n${PLAIN_TEXT_RULE}`)).toBe(true);
    expect(message.split('\n').at(-1)).toBe('Request: autumn rain');
  });

  it('shows an already pinned prompt as a shortcut button', async () => {
    const api = studioApi({ actions: [buildAction({ type: 'prompt', title: 'Summarise', pinned: true })] });
    await openStudio(api);
    expect(await screen.findByRole('button', { name: 'Run saved prompt: Summarise' })).toBeInTheDocument();
  });
});

describe('Studio: a saved item opened from search (/studio?item=)', () => {
  it('shows the context panel with that item selected and its text in the context box, then forgets the link', async () => {
    const note = buildAction({
      _id: 'note-7',
      type: 'note',
      title: 'Harbour walk',
      memory: 'Bring the lantern',
    });
    studioApi({ actions: [buildAction(), note] });
    renderApp('/studio?item=note-7', { user: studioUser });
    await waitFor(() => expect(selector()).toHaveValue('note-7'));
    expect(proToggle()).toHaveAttribute('aria-pressed', 'true');
    expect(contextBox()).toHaveValue('Bring the lantern');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/studio'));
  });
});
