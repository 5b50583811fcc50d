import { useId } from 'react';
import { Avatar } from '../../components/ui/avatar.js';
import { Button } from '../../components/ui/button.js';
import { InlineMessage } from '../../components/ui/inline-message.js';
import { describeError } from '../../lib/api-client.js';
import { useBlockList, useSetBlocked } from '../../lib/blocks-api.js';
import styles from './profile-edit.module.css';

export const NOBODY_BLOCKED = 'You have not blocked anyone.';

/** The profile edit page's list of the people one blocked, each with Unblock. */
export function BlockedPeople() {
  const headingId = useId();
  const list = useBlockList();
  const setBlocked = useSetBlocked();
  return (
    <section className={styles.blocked} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionTitle}>
        Blocked people
      </h2>
      <p className={styles.sectionHint}>
        Blocked people cannot message you or see when you are online, and you do not see them or their
        personas.
      </p>
      {list.isError ? <InlineMessage kind="error">{describeError(list.error)}</InlineMessage> : null}
      {setBlocked.isError ? (
        <InlineMessage kind="error">{describeError(setBlocked.error)}</InlineMessage>
      ) : null}
      {list.data?.length === 0 ? <p className={styles.sectionHint}>{NOBODY_BLOCKED}</p> : null}
      {list.data?.length ? (
        <ul className={styles.blockedList}>
          {list.data.map((person) => (
            <li key={person._id} className={styles.blockedPerson}>
              <Avatar name={person.name} username={person.username} src={person.profilePic} size={40} />
              <span className={styles.blockedName}>
                <span>{person.name}</span>
                <span className={styles.blockedHandle}>@{person.username}</span>
              </span>
              <Button
                variant="secondary"
                aria-label={`Unblock @${person.username}`}
                busy={setBlocked.isPending && setBlocked.variables.userId === person._id}
                onClick={() => setBlocked.mutate({ userId: person._id, blocked: false })}
              >
                Unblock
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
