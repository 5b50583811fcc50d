import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ACTION_LIMITS } from '../../../../contracts/actions.js';
import { buildAction, callsTo, studioApi } from '../../../test/studio-api.js';
import { openStudio } from '../../../test/studio-page.js';
import { useStudio } from '../state/studio-store.js';

const contextBox = () => screen.getByRole('textbox', { name: /^Context/ });
const outputBox = () => screen.getByRole('textbox', { name: 'Output' });
const selector = () => screen.getByRole('combobox', { name: 'Saved items' });
const longNoteDialog = () =>
  screen.findByRole('alertdialog', { name: 'This text is too long for one note' }, { timeout: 5000 });

/** 250,000 characters in paragraphs, starting with a title line. */
const LONG_TEXT =
  `Field notes\n\n${Array.from({ length: 3000 }, (_, i) => `Paragraph ${i}: ${'x'.repeat(80)}`).join('\n\n')}`.slice(
    0,
    250_000,
  );

beforeEach(() => useStudio.getState().reset());

// A quarter of a million characters in jsdom's text boxes takes seconds per step on a busy machine.
describe('Studio: a text longer than one note', { timeout: 30_000 }, () => {
  it('save offers to split the context into numbered notes, and saves every character', async () => {
    const api = studioApi();
    const user = await openStudio(api);
    fireEvent.change(contextBox(), { target: { value: LONG_TEXT } });
    await user.click(screen.getByRole('button', { name: 'Save context as a note' }));

    const dialog = await longNoteDialog();
    expect(dialog).toHaveTextContent('It has 250,000 characters and a note holds at most 200,000.');
    expect(dialog).toHaveTextContent('“Field notes (1 of 2)” to “Field notes (2 of 2)”');
    expect(callsTo(api.calls, 'POST', '/api/actions/createAction')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Save as 2 notes' }));

    expect(
      await screen.findByText(/^Saved 2 notes, “Field notes \(1 of 2\)” to/, undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    const created = callsTo(api.calls, 'POST', '/api/actions/createAction').map(
      (call) => call.body as { type: string; title: string; memory: string },
    );
    expect(created.map((body) => [body.type, body.title])).toEqual([
      ['note', 'Field notes (1 of 2)'],
      ['note', 'Field notes (2 of 2)'],
    ]);
    expect(created.map((body) => body.memory).join('')).toBe(LONG_TEXT);
    for (const body of created) expect(body.memory.length).toBeLessThanOrEqual(ACTION_LIMITS.memoryMax);
    expect(screen.queryByText(/memory must be at most/)).not.toBeInTheDocument();
    // The context box keeps the whole text; no single part is loaded over it.
    expect(contextBox()).toHaveValue(LONG_TEXT);
  });

  it('memory with a note selected asks first, says the note stays as it was, and Cancel saves nothing', async () => {
    const note = buildAction({ title: 'Ideas', memory: 'old ideas' });
    const api = studioApi({ actions: [note] });
    const user = await openStudio(api);
    await waitFor(() =>
      expect(within(selector()).getByRole('option', { name: 'Ideas' })).toBeInTheDocument(),
    );
    await user.selectOptions(selector(), 'Ideas');
    fireEvent.change(outputBox(), { target: { value: LONG_TEXT } });
    await user.click(screen.getByRole('button', { name: 'Update memory: Ideas' }));

    const dialog = await longNoteDialog();
    expect(dialog).toHaveTextContent('Save it as 2 new notes');
    expect(dialog).toHaveTextContent('“Ideas” stays as it was.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Nothing was saved.')).toBeInTheDocument();
    expect(callsTo(api.calls, 'PATCH', '/api/actions/updateAction/')).toHaveLength(0);
    expect(callsTo(api.calls, 'POST', '/api/actions/createAction')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Update memory: Ideas' }));
    await user.click(within(await longNoteDialog()).getByRole('button', { name: 'Save as 2 notes' }));
    expect(
      await screen.findByText(/^Saved 2 notes, .* “Ideas” is unchanged\.$/, undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(callsTo(api.calls, 'PATCH', '/api/actions/updateAction/')).toHaveLength(0);
  });

  it('a prompt that long is refused before sending, with what to do instead', async () => {
    const api = studioApi();
    const user = await openStudio(api);
    fireEvent.change(contextBox(), { target: { value: LONG_TEXT } });
    await user.click(screen.getByRole('button', { name: 'save as prompt' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Not saved: a prompt holds at most 200,000 characters and this one has 250,000. Shorten it, or save it as a note, which can be split into numbered notes.',
    );
    expect(callsTo(api.calls, 'POST', '/api/actions/createAction')).toHaveLength(0);
  });
});
