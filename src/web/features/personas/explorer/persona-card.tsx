import { useId } from 'react';
import { Link } from 'react-router';
import type { DirectoryEntry } from '../../../../contracts/personas.js';
import { ButtonLink } from '../../../components/ui/button.js';
import { MessageIcon } from '../../../components/ui/icons.js';
import { Avatar } from '../../../components/ui/avatar.js';
import { cardBio } from './card-bio.js';
import styles from './explorer.module.css';

/** One directory card (SPEC §2): picture, name, @username, a short bio and a Message button. */
export function PersonaCard({ persona }: { persona: DirectoryEntry }) {
  const nameId = useId();
  return (
    <article className={styles.card} aria-labelledby={nameId}>
      {persona.tag ? (
        <span className={styles.cardTag}>
          <span className="visually-hidden">Tab: </span>
          {persona.tag}
        </span>
      ) : null}
      <Avatar name={persona.name} username={persona.username} src={persona.profilePic} size={64} />
      <h2 id={nameId} className={styles.cardName} dir="auto">
        <Link to={`/${persona.username}`} className={styles.cardLink}>
          {persona.name}
        </Link>
      </h2>
      <p className={styles.cardHandle}>
        @{persona.username}
        {persona.rating === 'mature' ? <span className={styles.cardMature}> · Mature</span> : null}
      </p>
      <p className={styles.cardBio} dir="auto">
        {cardBio(persona.bio)}
      </p>
      <ButtonLink
        to={`/chat/:${persona.username}`}
        className={styles.cardMessage}
        aria-label={`Message @${persona.username}`}
      >
        <MessageIcon size={16} />
        Message
      </ButtonLink>
    </article>
  );
}

/** The last card of every listing: the way to the AI Studio. */
export function StudioCard() {
  return (
    <Link to="/studio" className={`${styles.card} ${styles.studioCard}`}>
      <span className={styles.studioMark} aria-hidden="true">
        ✦
      </span>
      <span className={styles.studioTitle}>AI Studio</span>
      <span className={styles.studioText}>Write, research and brainstorm with your own AI assistant.</span>
      <span className={styles.studioCta}>Open the studio</span>
    </Link>
  );
}
