import { useId, useRef } from 'react';
import { IntakeProgressRow } from '../../../components/pdf-intake/intake-progress-row.js';
import { IntakeReportView } from '../../../components/pdf-intake/intake-report-view.js';
import { PasswordDialog } from '../../../components/pdf-intake/password-dialog.js';
import { usePasswordPrompt } from '../../../components/pdf-intake/use-password-prompt.js';
import { CloseIcon } from '../../../components/ui/icons.js';
import { Tooltip } from '../../../components/ui/tooltip.js';
import { contextChip } from '../model/recall.js';
import { usePdfFiles } from '../hooks/use-pdf-files.js';
import { useStudio } from '../state/studio-store.js';
import { FileIcon } from './studio-icons.js';
import layoutStyles from '../../../components/ui/layout.module.css';
import panel from './side-panel.module.css';
import styles from './file-context.module.css';

/**
 * The multi-file PDF picker and the extracted text in its own box (SPEC §2): text is read in the
 * browser, page by page with progress, pages with no text with OCR (each file can cancel it), and a
 * protected file asks for its password. Each file shows its intake report; a failed file is reported
 * and skipped, the others kept: no file or page leaves the context without saying why.
 */
export function FileContext({ onPick }: { onPick: () => void }) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const files = useStudio((state) => state.files);
  const removeFile = useStudio((state) => state.removeFile);
  const clearFiles = useStudio((state) => state.clearFiles);
  const password = usePasswordPrompt();
  const { jobs, failures, addFiles, cancel, cancelOcr } = usePdfFiles(password.ask);

  return (
    <section className={styles.files} aria-labelledby={`${id}-heading`}>
      <div className={styles.filesHeader}>
        <h3 id={`${id}-heading`} className={panel.subheading}>
          PDF files
        </h3>
        <Tooltip label="Read text from PDF files, in your browser" kind="secondary" placement="top">
          <button type="button" className={panel.action} onClick={() => inputRef.current?.click()}>
            <FileIcon size={16} />
            Add PDFs
          </button>
        </Tooltip>
        <input
          ref={inputRef}
          type="file"
          accept="application/pdf"
          multiple
          tabIndex={-1}
          aria-label="Add PDF files"
          className="visually-hidden"
          onChange={(event) => {
            const picked = Array.from(event.target.files ?? []);
            // Let the same file be picked again later.
            event.target.value = '';
            onPick();
            void addFiles(picked);
          }}
        />
      </div>

      {jobs.length > 0 ? (
        <ul className={styles.jobs} aria-label="Reading PDFs">
          {jobs.map((job) => (
            <li key={job.id}>
              <IntakeProgressRow
                name={job.name}
                progress={job.progress}
                onCancelOcr={() => cancelOcr(job.id)}
              />
            </li>
          ))}
        </ul>
      ) : null}

      {failures.length > 0 ? (
        <div role="alert" className={styles.failures}>
          {failures.map((failure, index) => (
            <p key={`${failure.name}-${index}`}>
              <strong>{failure.name}</strong>: {failure.message}
            </p>
          ))}
        </div>
      ) : null}

      {files.length > 0 ? (
        <div className={styles.fileBox} role="group" aria-label="File context">
          {files.map((file) => (
            <div key={file.id} className={styles.file}>
              <div className={styles.fileMeta}>
                <FileIcon size={16} />
                <span className={styles.fileName}>{file.name}</span>
                <span className={styles.fileSize}>
                  {file.report ? null : `${file.pages} ${file.pages === 1 ? 'page' : 'pages'} · `}
                  {contextChip(file.text.length)}
                </span>
                <button
                  type="button"
                  className={styles.fileRemove}
                  aria-label={`Remove ${file.name}`}
                  onClick={() => removeFile(file.id)}
                >
                  <CloseIcon size={14} />
                </button>
              </div>
              {file.report ? <IntakeReportView name={file.name} report={file.report} /> : null}
              <textarea
                dir="auto"
                className={styles.fileText}
                readOnly
                value={file.text}
                aria-label={`Text from ${file.name}`}
                rows={4}
              />
            </div>
          ))}
        </div>
      ) : jobs.length === 0 ? (
        <p className={layoutStyles.note}>
          Text from your PDFs shows here and joins the context. The files stay on your device; only their text
          is sent with your requests.
        </p>
      ) : null}
      {files.length > 0 || jobs.length > 0 ? (
        <button
          type="button"
          className={`${panel.action} ${styles.clearFiles}`}
          onClick={() => {
            cancel();
            clearFiles();
          }}
        >
          Clear File Context
        </button>
      ) : null}
      <PasswordDialog {...password.dialog} />
    </section>
  );
}
