import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildIntakeReport } from '../../lib/pdf/intake-report.js';
import { IntakeProgressRow, progressText } from './intake-progress-row.js';
import { IntakeReportView } from './intake-report-view.js';

describe('IntakeReportView', () => {
  it('shows pages, characters and pages with no text, the OCR pages and each left-out page with its reason', () => {
    const report = buildIntakeReport([
      { page: 1, source: 'text', characters: 900 },
      { page: 2, source: 'ocr', characters: 120, confidence: 90 },
      { page: 3, source: 'left-out', reason: 'ocr-cancelled' },
    ]);
    render(<IntakeReportView name="scan.pdf" report={report} />);
    const group = screen.getByRole('group', { name: 'Intake report for scan.pdf' });
    expect(group).toHaveTextContent('3 pages · 1,020 characters · 2 pages with no text');
    expect(group).toHaveTextContent('Read with OCR: page 2.');
    const leftOut = within(group).getByRole('list', { name: 'Left out of scan.pdf' });
    expect(
      within(leftOut)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Left out page 3: OCR was cancelled.']);
  });

  it('shows the pages OCR read with low confidence, with the figure', () => {
    const report = buildIntakeReport([
      { page: 1, source: 'ocr', characters: 40, confidence: 41 },
      { page: 2, source: 'ocr', characters: 40, confidence: 93 },
    ]);
    render(<IntakeReportView name="scan.pdf" report={report} />);
    const group = screen.getByRole('group', { name: 'Intake report for scan.pdf' });
    expect(group).toHaveTextContent('Read with OCR: pages 1–2.');
    expect(group).toHaveTextContent('Read with low confidence: page 1 (41%); its text may be wrong.');
  });

  it('shows no left-out list when nothing was left out', () => {
    render(
      <IntakeReportView
        name="a.pdf"
        report={buildIntakeReport([{ page: 1, source: 'text', characters: 5 }])}
      />,
    );
    expect(screen.getByRole('group')).toHaveTextContent('1 page · 5 characters · every page has text');
    expect(screen.queryByRole('list')).toBeNull();
  });
});

describe('IntakeProgressRow', () => {
  it('shows the text layer’s progress as a labelled progress bar, without a cancel button', () => {
    render(
      <IntakeProgressRow
        name="a.pdf"
        progress={{ phase: 'text', done: 2, total: 5 }}
        onCancelOcr={vi.fn()}
      />,
    );
    const bar = screen.getByRole('progressbar', { name: 'Reading a.pdf' });
    expect(bar).toHaveAttribute('value', '2');
    expect(bar).toHaveAttribute('max', '5');
    expect(bar).toHaveAttribute('aria-valuetext', 'page 2 of 5');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('during OCR shows the page being read and a cancel button that cancels', async () => {
    const cancel = vi.fn();
    render(
      <IntakeProgressRow
        name="scan.pdf"
        progress={{ phase: 'ocr', done: 1, total: 4, page: 7, share: 0.5 }}
        onCancelOcr={cancel}
      />,
    );
    const bar = screen.getByRole('progressbar', { name: 'Reading scan.pdf with OCR' });
    expect(bar).toHaveAttribute('value', '1.5');
    expect(screen.getByText('OCR: page 7 (2 of 4), 50%')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel OCR of scan.pdf' }));
    expect(cancel).toHaveBeenCalledOnce();
  });

  it('says the file is opening before the first page', () => {
    expect(progressText(null)).toBe('opening…');
    render(<IntakeProgressRow name="a.pdf" progress={null} />);
    expect(screen.getByRole('progressbar', { name: 'Reading a.pdf' })).not.toHaveAttribute('value');
  });
});
