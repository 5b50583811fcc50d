import { useEffect } from 'react';
import { describeError } from '../../../lib/api-client.js';
import { useClearAiMemory } from '../api/update-conversation.js';
import styles from './conversation.module.css';

/** The 'clear' button of AI conversations: the persona forgets this conversation's context. */
export function AiMemoryButton({ conversationId }: { conversationId: string }) {
  const clear = useClearAiMemory();
  const { isSuccess, reset } = clear;

  useEffect(() => {
    if (!isSuccess) return;
    const timer = setTimeout(reset, 4000);
    return () => clearTimeout(timer);
  }, [isSuccess, reset]);

  return (
    <span className={styles.memory}>
      <button
        type="button"
        className={styles.clear}
        aria-label="clear AI memory"
        disabled={clear.isPending}
        onClick={() => clear.mutate(conversationId)}
      >
        clear
      </button>
      <span role="status" className={styles.memoryNote}>
        {clear.isSuccess ? 'Memory cleared' : null}
      </span>
      {clear.isError ? (
        <span role="alert" className={`${styles.memoryNote} ${styles.memoryError}`}>
          {describeError(clear.error)}
        </span>
      ) : null}
    </span>
  );
}
