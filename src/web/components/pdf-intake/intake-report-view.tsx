import {
  leftOutLines,
  lowConfidenceLine,
  ocrLine,
  reportSummary,
  type IntakeReport,
} from '../../lib/pdf/intake-report.js';
import styles from './pdf-intake.module.css';

/**
 * One file's intake report: pages, characters extracted and pages with no text in one line, the pages
 * read with OCR, those OCR read with low confidence, and every page left out with its reason (both
 * warnings, so they are not missed).
 */
export function IntakeReportView({ name, report }: { name: string; report: IntakeReport }) {
  const ocr = ocrLine(report);
  const unsure = lowConfidenceLine(report);
  const leftOut = leftOutLines(report);
  return (
    <div className={styles.report} role="group" aria-label={`Intake report for ${name}`}>
      <p className={styles.summary}>{reportSummary(report)}</p>
      {ocr ? <p className={styles.ocr}>{ocr}</p> : null}
      {unsure ? <p className={styles.lowConfidence}>{unsure}</p> : null}
      {leftOut.length > 0 ? (
        <ul className={styles.leftOut} aria-label={`Left out of ${name}`}>
          {leftOut.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
