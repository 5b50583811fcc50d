/**
 * Builds, in memory, a plain-text PDF long enough to need several notes: `pages` pages of `lines`
 * numbered lines in Helvetica. Written by hand (objects, then a cross-reference table with byte
 * offsets) so the test needs no PDF library and no file from outside the repository.
 */
export function longTextPdf({ pages = 60, lines = 50 } = {}): Buffer {
  const line = (page: number, index: number) =>
    `Page ${String(page).padStart(2, '0')} line ${String(index).padStart(2, '0')}: the quick brown fox jumps over the lazy dog again`;
  const objects: string[] = [];
  const add = (body: string) => objects.push(body);

  add('<< /Type /Catalog /Pages 2 0 R >>');
  const firstPage = 4;
  const kids = Array.from({ length: pages }, (_, i) => `${firstPage + i * 2} 0 R`).join(' ');
  add(`<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`);
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  for (let page = 1; page <= pages; page += 1) {
    const contentId = firstPage + (page - 1) * 2 + 1;
    add(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${contentId} 0 R >>`,
    );
    const text = Array.from({ length: lines }, (_, i) => `(${line(page, i + 1)}) Tj T*`).join('\n');
    const stream = `BT /F1 8 Tf 10 TL 36 760 Td\n${text}\nET`;
    add(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`);
  }

  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
