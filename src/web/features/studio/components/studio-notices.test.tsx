import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildAction, studioApi } from '../../../test/studio-api.js';
import { answerWith, openStudio } from '../../../test/studio-page.js';
import { useStudio } from '../state/studio-store.js';

const askBox = () => screen.getByRole('textbox', { name: 'Ask AI' });
const contextBox = () => screen.getByRole('textbox', { name: /^Context/ });

beforeEach(() => useStudio.getState().reset());

// Several answers and saves in jsdom take seconds on a busy machine.
describe('Studio: one current notice, replaced or cleared by each later action', { timeout: 15_000 }, () => {
  it('a notice in the context panel goes when the next action is taken in the output panel', async () => {
    const api = studioApi();
    const user = await openStudio(api);
    await user.type(contextBox(), 'Trip plan');
    await user.click(screen.getByRole('button', { name: 'Save context as a note' }));
    expect(await screen.findByText('Saved “Trip plan” as a note.')).toBeInTheDocument();

    await answerWith(api, user, 'Lisbon in May.');
    expect(screen.queryByText('Saved “Trip plan” as a note.')).not.toBeInTheDocument();
  });

  it('a notice under the output is replaced by the outcome of a context action', async () => {
    const api = studioApi({ actions: [buildAction({ title: 'Garden', memory: 'Plant tomatoes.' })] });
    const user = await openStudio(api);
    await answerWith(api, user, 'Water often.');
    await user.click(screen.getByRole('button', { name: 'Save output to memory' }));
    expect(await screen.findByText('Saved “Water often.” as a note.')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search memory' }), 'tomatoes{Enter}');
    expect(await screen.findByText(/^Recalled 1 passage/)).toBeInTheDocument();
    expect(screen.queryByText('Saved “Water often.” as a note.')).not.toBeInTheDocument();
  });

  it('stepping through the outputs, copying and fast with nothing to work on each end the last notice', async () => {
    const api = studioApi();
    const user = await openStudio(api);
    await answerWith(api, user, 'First answer.');
    await answerWith(api, user, 'Second answer.');
    const saveOutput = () => screen.getByRole('button', { name: 'Save output to memory' });
    const saved = 'Saved “Second answer.” as a note.';

    await user.click(saveOutput());
    expect(await screen.findByText(saved)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous output' }));
    expect(screen.queryByText(saved)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next output' }));
    await user.click(saveOutput());
    expect(await screen.findByText(saved)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy output' }));
    expect(await screen.findByText('Copied to the clipboard.')).toBeInTheDocument();
    expect(screen.queryByText(saved)).not.toBeInTheDocument();

    await user.click(saveOutput());
    expect(await screen.findByText(saved)).toBeInTheDocument();
    await user.clear(askBox());
    await user.click(screen.getByRole('button', { name: 'Fast: a short quick answer' }));
    expect(api.streams).toHaveLength(2);
    expect(screen.queryByText(saved)).not.toBeInTheDocument();
  });
});
