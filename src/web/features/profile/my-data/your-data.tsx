import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.js';
import { InlineMessage } from '../../../components/ui/inline-message.js';
import { DeleteAccountDialog } from './delete-account-dialog.js';
import { useArchiveDownload, type ArchiveDownload } from './use-archive-download.js';
import styles from './your-data.module.css';

export const ARCHIVE_EXPLAINED =
  'One zip file with everything you own or wrote: your profile, your messages, your personas with their prompts and memory, saved notes and prompts, what personas remember of you, Charioteer discussions and your pictures.';

const count = new Intl.NumberFormat('en-US');

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The download's progress in words: messages written (from the server) and bytes received. */
export function progressText(download: Extract<ArchiveDownload, { state: 'working' }>): string {
  const { messages, bytes } = download;
  const written = messages
    ? `${count.format(messages.done)} of ${count.format(messages.total)} messages`
    : 'Preparing your archive';
  return `${written} · ${megabytes(bytes)} received`;
}

/** The profile edit page's "Your data": download everything, or delete the account. */
export function YourData() {
  const headingId = useId();
  const { download, start } = useArchiveDownload();
  const [deleting, setDeleting] = useState(false);
  const working = download.state === 'working';
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        Your data
      </h2>
      <p className={styles.hint}>{ARCHIVE_EXPLAINED}</p>
      <div className={styles.row}>
        <Button variant="secondary" busy={working} disabled={working} onClick={start}>
          Download my data
        </Button>
      </div>
      {working ? (
        <div className={styles.progress}>
          <progress
            aria-label="Archive progress"
            value={download.messages?.done}
            max={download.messages?.total || undefined}
          />
          <p role="status" className={styles.hint}>
            {progressText(download)}
          </p>
        </div>
      ) : null}
      {download.state === 'saved' ? (
        <InlineMessage kind="success">Your archive is downloaded: {download.fileName}</InlineMessage>
      ) : null}
      {download.state === 'failed' ? <InlineMessage kind="error">{download.error}</InlineMessage> : null}

      <h3 className={styles.subtitle}>Delete my account</h3>
      <p className={styles.hint}>
        Removes your profile, personas and everything you saved. Messages you sent to people stay with them,
        from “deleted account”.
      </p>
      <div className={styles.row}>
        <Button variant="secondary" className={styles.dangerOutline} onClick={() => setDeleting(true)}>
          Delete my account…
        </Button>
      </div>
      {deleting ? <DeleteAccountDialog onClose={() => setDeleting(false)} /> : null}
    </section>
  );
}
