import { pageTextFromItems } from '../../../lib/pdf/text-items.js';
import type { PdfDocument } from './pdfjs.js';

/** The whole document's text, pages separated by blank lines (the same reading as the Studio's). */
export async function documentText(pdf: PdfDocument): Promise<string> {
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const page = await pdf.getPage(number);
    const content = await page.getTextContent();
    pages.push(pageTextFromItems(content.items));
    await new Promise<void>((resolve) => setTimeout(resolve, 0));
  }
  return pages.filter(Boolean).join('\n\n');
}
