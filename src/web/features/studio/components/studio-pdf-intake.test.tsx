import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildIntakeReport, type PageReading } from '../../../lib/pdf/intake-report.js';
import type { ExtractOptions } from '../pdf/extract-pdf-text.js';
import { renderApp } from '../../../test/render.js';
import { useStudio } from '../state/studio-store.js';
import { studioApi, studioUser } from '../../../test/studio-api.js';

// The real reading (pdf.js and tesseract.js) needs a browser: e2e/pdf-intake.spec.ts covers it.
const extractPdfText = vi.hoisted(() => vi.fn());
vi.mock('../pdf/extract-pdf-text.js', () => ({ extractPdfText }));

const pdf = (name: string) => new File(['%PDF-1.7'], name, { type: 'application/pdf' });

beforeEach(() => {
  useStudio.getState().reset();
  extractPdfText.mockReset();
});

async function addPdf(name: string) {
  studioApi();
  const user = userEvent.setup();
  renderApp('/studio', { user: studioUser });
  await user.click(screen.getByRole('button', { name: 'Pro/Max' }));
  await user.upload(screen.getByLabelText('Add PDF files'), [pdf(name)]);
  return user;
}

describe('Studio: PDF intake report', () => {
  it('shows OCR progress with a cancel button; cancelling keeps the read pages and lists the rest', async () => {
    extractPdfText.mockImplementation(
      (_data: ArrayBuffer, options: ExtractOptions) =>
        new Promise((resolve) => {
          options.onProgress?.({ phase: 'ocr', done: 1, total: 3, page: 3, share: 0.25 });
          options.ocrSignal?.addEventListener('abort', () => {
            const readings: PageReading[] = [
              { page: 1, source: 'text', characters: 20 },
              { page: 2, source: 'ocr', characters: 14, confidence: 90 },
              { page: 3, source: 'left-out', reason: 'ocr-cancelled' },
              { page: 4, source: 'left-out', reason: 'ocr-cancelled' },
            ];
            resolve({
              text: 'Typed page text here Scanned words',
              pages: 4,
              report: buildIntakeReport(readings),
            });
          });
        }),
    );
    const user = await addPdf('scan.pdf');
    const reading = await screen.findByRole('list', { name: 'Reading PDFs' });
    expect(within(reading).getByRole('progressbar', { name: 'Reading scan.pdf with OCR' })).toHaveAttribute(
      'value',
      '1.25',
    );
    await user.click(within(reading).getByRole('button', { name: 'Cancel OCR of scan.pdf' }));

    const report = await screen.findByRole('group', { name: 'Intake report for scan.pdf' });
    expect(report).toHaveTextContent('4 pages · 34 characters · 3 pages with no text');
    expect(report).toHaveTextContent('Read with OCR: page 2.');
    expect(within(report).getByRole('list', { name: 'Left out of scan.pdf' })).toHaveTextContent(
      'Left out pages 3–4: OCR was cancelled.',
    );
    expect(screen.getByRole('textbox', { name: 'Text from scan.pdf' })).toHaveValue(
      'Typed page text here Scanned words',
    );
  });

  it('asks for a protected file’s password and passes the answer on', async () => {
    extractPdfText.mockImplementation(async (_data: ArrayBuffer, options: ExtractOptions) => {
      const password = await options.askPassword?.({ name: options.name ?? '', incorrect: false });
      if (password !== 'open sesame') throw new Error('wrong');
      return {
        text: 'The meeting moves to Thursday.',
        pages: 1,
        report: buildIntakeReport([{ page: 1, source: 'text', characters: 30 }]),
      };
    });
    const user = await addPdf('secret.pdf');
    await screen.findByRole('dialog', { name: '“secret.pdf” is password-protected' });
    await user.type(screen.getByLabelText('PDF password'), 'open sesame{Enter}');
    expect(await screen.findByRole('textbox', { name: 'Text from secret.pdf' })).toHaveValue(
      'The meeting moves to Thursday.',
    );
  });

  it('lists a file that gave no text at all, with the reason of each page', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    extractPdfText.mockResolvedValue({
      text: '',
      pages: 2,
      report: buildIntakeReport([
        { page: 1, source: 'left-out', reason: 'ocr-cancelled' },
        { page: 2, source: 'left-out', reason: 'ocr-cancelled' },
      ]),
    });
    await addPdf('blank.pdf');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'blank.pdf: Failed to extract text from PDF: no text was found (pages 1–2: OCR was cancelled)',
    );
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Reading PDFs' })).toBeNull());
    expect(screen.queryByRole('textbox', { name: 'Text from blank.pdf' })).toBeNull();
  });
});
