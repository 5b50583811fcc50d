import { IntakeProgressRow } from '../../../components/pdf-intake/intake-progress-row.js';
import { IntakeReportView } from '../../../components/pdf-intake/intake-report-view.js';
import { InlineMessage } from '../../../components/ui/inline-message.js';
import styles from './editor-page.module.css';
import type { EditorIntake } from './use-editor-intake.js';

/**
 * Above the viewer: a progress bar (with Cancel during OCR) for every file being read, and the shown
 * file's intake report once it is read.
 */
export function EditorIntakePanel({ intake, activeId }: { intake: EditorIntake; activeId: string | null }) {
  const reading = Object.entries(intake.entries).filter(([, entry]) => !entry.result && !entry.error);
  const active = activeId ? intake.entries[activeId] : undefined;
  if (reading.length === 0 && !active?.result && !active?.error) return null;
  return (
    <section className={styles.intake} aria-label="PDF intake">
      {reading.length > 0 ? (
        <ul className={styles.intakeList} aria-label="Reading PDFs">
          {reading.map(([id, entry]) => (
            <li key={id}>
              <IntakeProgressRow
                name={entry.name}
                progress={entry.progress}
                onCancelOcr={() => intake.cancelOcr(id)}
              />
            </li>
          ))}
        </ul>
      ) : null}
      {active?.result ? <IntakeReportView name={active.name} report={active.result.report} /> : null}
      {active?.error ? (
        <InlineMessage kind="error">
          The text of “{active.name}” could not be read: {active.error}
        </InlineMessage>
      ) : null}
    </section>
  );
}
