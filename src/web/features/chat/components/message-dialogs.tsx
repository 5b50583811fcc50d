import { useEffect, useState } from 'react';
import type { Message } from '../../../../contracts/messages.js';
import { ReportDialog } from '../../../components/safety/report-dialog.js';
import { ForwardDialog } from './forward-dialog.js';
import styles from './conversation.module.css';

const FORWARDED_NOTICE_MS = 4000;

/** A message of the log with the username of whoever wrote it. */
interface Authored {
  message: Message;
  author: string;
}

/**
 * Forwarding a message and reporting one, as every conversation (direct or room) offers them: the handlers the
 * message list calls, and what they show (their dialogs, and "Forwarded to @name" or to a room for a few seconds).
 */
export function useMessageDialogs() {
  const [forwarding, setForwarding] = useState<Authored | null>(null);
  const [reporting, setReporting] = useState<Authored | null>(null);
  const [forwardedTo, setForwardedTo] = useState('');
  useEffect(() => {
    if (!forwardedTo) return;
    const timer = setTimeout(() => setForwardedTo(''), FORWARDED_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [forwardedTo]);

  const shown = (
    <>
      {forwarding ? (
        <ForwardDialog
          message={forwarding.message}
          author={forwarding.author}
          onClose={() => setForwarding(null)}
          onForwarded={(where) => {
            setForwarding(null);
            setForwardedTo(where);
          }}
        />
      ) : null}
      {reporting ? (
        <ReportDialog
          kind="message"
          targetId={reporting.message._id}
          subject={`this message from @${reporting.author}`}
          onClose={() => setReporting(null)}
        />
      ) : null}
      <p role="status" className={styles.forwardedNotice}>
        {forwardedTo ? `Forwarded to ${forwardedTo}` : ''}
      </p>
    </>
  );
  return {
    onForward: (message: Message, author: string) => setForwarding({ message, author }),
    onReport: (message: Message, author: string) => setReporting({ message, author }),
    shown,
  };
}
