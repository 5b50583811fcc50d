import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildIntakeReport } from '../../../lib/pdf/intake-report.js';
import type { IntakeOptions, PdfIntake } from '../../../lib/pdf/pdf-intake.js';
import type { OpenedFile } from './editor-types.js';
import { useEditorIntake, type IntakeSource } from './use-editor-intake.js';

// pdf.js and the OCR engine need a real browser (e2e/pdf-intake.spec.ts); here the reading is a stand-in.
const openPdf = vi.hoisted(() => vi.fn());
const readPdfIntake = vi.hoisted(() => vi.fn());
vi.mock('../pdf/pdfjs.js', () => ({ openPdf }));
vi.mock('../../../lib/pdf/pdf-intake.js', () => ({ readPdfIntake }));

const destroy = vi.fn(async () => undefined);
const file = (id: string): OpenedFile => ({ id, name: `${id}.pdf`, unsaved: false });
const intake = (text: string): PdfIntake => ({
  pageTexts: [text],
  report: buildIntakeReport([{ page: 1, source: 'text', characters: text.length }]),
});

function source(change: Partial<IntakeSource> = {}): IntakeSource {
  return {
    files: [file('a'), file('b')],
    activeId: 'a',
    shown: true,
    bytesFor: () => new Uint8Array([1]),
    passwordFor: (id) => (id === 'a' ? 'secret' : undefined),
    ...change,
  };
}

beforeEach(() => {
  openPdf.mockReset().mockResolvedValue({ destroy });
  readPdfIntake.mockReset().mockResolvedValue(intake('text of a'));
});

describe('useEditorIntake', () => {
  it('reads the shown file once, with its password, and gives its report and text', async () => {
    const { result, rerender } = renderHook((props: IntakeSource) => useEditorIntake(props), {
      initialProps: source(),
    });
    await waitFor(() => expect(result.current.entries.a?.result).toEqual(intake('text of a')));
    expect(openPdf).toHaveBeenCalledWith(new Uint8Array([1]), 'secret');
    expect(destroy).toHaveBeenCalled();
    await expect(result.current.whenRead('a')).resolves.toEqual(intake('text of a'));

    rerender(source({ activeId: 'b' }));
    rerender(source({ activeId: 'a' }));
    await waitFor(() => expect(openPdf).toHaveBeenCalledTimes(2));
    expect(readPdfIntake).toHaveBeenCalledTimes(2);
  });

  it('waits for the viewer to show the file before reading it', () => {
    renderHook(() => useEditorIntake(source({ shown: false })));
    expect(openPdf).not.toHaveBeenCalled();
  });

  it('cancels one file’s OCR through its own signal', async () => {
    let ocrSignal: AbortSignal | undefined;
    readPdfIntake.mockImplementation(
      (_pdf: unknown, options: IntakeOptions) =>
        new Promise((resolve) => {
          ocrSignal = options.ocrSignal;
          options.ocrSignal?.addEventListener('abort', () => resolve(intake('partial')));
        }),
    );
    const { result } = renderHook(() => useEditorIntake(source()));
    await waitFor(() => expect(ocrSignal).toBeDefined());
    act(() => result.current.cancelOcr('a'));
    await waitFor(() => expect(result.current.entries.a?.result).toEqual(intake('partial')));
  });

  it('stops reading a file that is closed and forgets it', async () => {
    let signal: AbortSignal | undefined;
    readPdfIntake.mockImplementation(
      (_pdf: unknown, options: IntakeOptions) =>
        new Promise((_resolve, reject) => {
          signal = options.signal;
          options.signal?.addEventListener('abort', () => reject(new Error('stopped')));
        }),
    );
    const { result, rerender } = renderHook((props: IntakeSource) => useEditorIntake(props), {
      initialProps: source(),
    });
    await waitFor(() => expect(signal).toBeDefined());
    rerender(source({ files: [file('b')], activeId: 'b', shown: false }));
    expect(signal?.aborted).toBe(true);
    expect(result.current.entries.a).toBeUndefined();
    await expect(result.current.whenRead('a')).resolves.toBeNull();
  });

  it('keeps why a reading failed', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    readPdfIntake.mockRejectedValue(new Error('Invalid PDF structure.'));
    const { result } = renderHook(() => useEditorIntake(source()));
    await waitFor(() => expect(result.current.entries.a?.error).toBe('Invalid PDF structure.'));
    await expect(result.current.whenRead('a')).resolves.toBeNull();
  });
});
