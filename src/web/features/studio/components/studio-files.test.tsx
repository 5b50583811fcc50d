import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildIntakeReport } from '../../../lib/pdf/intake-report.js';
import { must } from '../../../test/must.js';
import { renderApp } from '../../../test/render.js';
import { useStudio } from '../state/studio-store.js';
import { studioApi, studioUser } from '../../../test/studio-api.js';

// pdf.js needs a real browser (its worker); e2e/studio-pdf.spec.ts covers the real extraction.
const extractPdfText = vi.hoisted(() => vi.fn());
vi.mock('../pdf/extract-pdf-text.js', () => ({ extractPdfText }));

const pdf = (name: string, text = '%PDF-1.7') => new File([text], name, { type: 'application/pdf' });

/** The report of a file whose every page has text. */
const textReport = (pages: number, characters: number) =>
  buildIntakeReport(
    Array.from({ length: pages }, (_, i) => ({
      page: i + 1,
      source: 'text' as const,
      characters: i ? 0 : characters,
    })),
  );

beforeEach(() => {
  useStudio.getState().reset();
  extractPdfText.mockReset();
});

async function openFiles() {
  studioApi();
  const user = userEvent.setup();
  renderApp('/studio', { user: studioUser });
  await user.click(screen.getByRole('button', { name: 'Pro/Max' }));
  return user;
}

describe('Studio: PDF files', () => {
  it('extracts several files, reports a failed one and keeps the others', async () => {
    extractPdfText.mockImplementation(
      async (data: ArrayBuffer, options: { onProgress: (p: object) => void }) => {
        const head = new TextDecoder().decode(data);
        if (head.includes('broken'))
          throw new Error('Failed to extract text from PDF: Invalid PDF structure.');
        options.onProgress({ phase: 'text', done: 1, total: 2 });
        options.onProgress({ phase: 'text', done: 2, total: 2 });
        return {
          text: head.includes('one') ? 'Text of the first file.' : 'Texte du deuxième fichier.',
          pages: 2,
          report: textReport(2, 23),
        };
      },
    );
    const logged = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const user = await openFiles();
    await user.upload(screen.getByLabelText('Add PDF files'), [
      pdf('one.pdf', '%PDF one'),
      pdf('bad.pdf', 'broken'),
      pdf('two.pdf', '%PDF two'),
    ]);

    expect(await screen.findByRole('textbox', { name: 'Text from one.pdf' })).toHaveValue(
      'Text of the first file.',
    );
    expect(await screen.findByRole('textbox', { name: 'Text from two.pdf' })).toHaveValue(
      'Texte du deuxième fichier.',
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('bad.pdf: Failed to extract text from PDF: Invalid PDF structure.');
    expect(screen.queryByRole('textbox', { name: 'Text from bad.pdf' })).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Context size' })).toHaveTextContent('context 49');
    expect(extractPdfText).toHaveBeenCalledTimes(3);
    // SPEC §5: the failure is logged too.
    expect(logged).toHaveBeenCalledWith('PDF bad.pdf:', expect.any(Error));

    await user.click(screen.getByRole('button', { name: 'Clear File Context' }));
    expect(screen.queryByRole('group', { name: 'File context' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Context size' })).toHaveTextContent('context 0');
  });

  it('shows progress page by page while a file is read', async () => {
    let report: (page: number) => void = () => undefined;
    let finish: () => void = () => undefined;
    extractPdfText.mockImplementation(
      (_data: ArrayBuffer, options: { onProgress: (p: object) => void }) =>
        new Promise((resolve) => {
          report = (page) => options.onProgress({ phase: 'text', done: page, total: 40 });
          finish = () => resolve({ text: 'Long text', pages: 40, report: textReport(40, 9) });
        }),
    );
    const user = await openFiles();
    await user.upload(screen.getByLabelText('Add PDF files'), [pdf('long.pdf')]);
    await waitFor(() => expect(extractPdfText).toHaveBeenCalled());
    report(7);
    const reading = await screen.findByRole('list', { name: 'Reading PDFs' });
    expect(await within(reading).findByText('page 7 of 40')).toBeInTheDocument();
    expect(within(reading).getByRole('progressbar', { name: 'Reading long.pdf' })).toHaveAttribute(
      'value',
      '7',
    );
    finish();
    expect(await screen.findByRole('textbox', { name: 'Text from long.pdf' })).toHaveValue('Long text');
    expect(screen.queryByRole('list', { name: 'Reading PDFs' })).not.toBeInTheDocument();
  });

  it('sends the files’ text as context and lets one file be removed', async () => {
    extractPdfText.mockResolvedValue({
      text: 'Invoice 4471 is due Friday.',
      pages: 1,
      report: textReport(1, 27),
    });
    const api = studioApi();
    const user = userEvent.setup();
    renderApp('/studio', { user: studioUser });
    await user.click(screen.getByRole('button', { name: 'Pro/Max' }));
    await user.upload(screen.getByLabelText('Add PDF files'), [pdf('invoice.pdf')]);
    await screen.findByRole('textbox', { name: 'Text from invoice.pdf' });

    await user.type(screen.getByRole('textbox', { name: 'Ask AI' }), 'When is it due?{Enter}');
    await waitFor(() => expect(api.streams).toHaveLength(1));
    expect(must(api.streams[0]).message).toContain('From the file invoice.pdf:\nInvoice 4471 is due Friday.');

    await user.click(screen.getByRole('button', { name: 'Remove invoice.pdf' }));
    expect(screen.queryByRole('textbox', { name: 'Text from invoice.pdf' })).not.toBeInTheDocument();
  });
});
