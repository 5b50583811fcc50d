import { Link } from 'react-router';
import { STARTER_CREATOR, STARTER_CREATOR_LABEL } from '../../../../contracts/personas.js';
import type { ProfileResponse, SelfUser } from '../../../../contracts/users.js';
import styles from '../profile.module.css';
import { isCategoryTag } from '../../../components/persona-fields/persona-fields.js';

/** SPEC §6: only the creator of an AI persona may edit it (and export its card). */
export function isCreatorOf(profile: ProfileResponse, me: SelfUser): boolean {
  return profile.isAi && profile.createdByUsername !== '' && profile.createdByUsername === me.username;
}

/** A persona's category; a known tag links to its tab in the AI Explorer. */
export function TagChip({ tag }: { tag: string }) {
  if (!isCategoryTag(tag)) return tag ? <span className={styles.chip}>{tag}</span> : null;
  return (
    <Link
      to={`/explorer?tab=${tag}`}
      className={`${styles.chip} ${styles.chipLink}`}
      aria-label={`More ${tag} personas`}
    >
      <span aria-hidden="true">#</span>
      {tag}
    </Link>
  );
}

/**
 * Who made a persona: a person's handle links to their profile; the starter personas belong to the product,
 * which has no profile page, so they name it without a link.
 */
export function CreatorCredit({
  createdByUsername,
  className,
}: {
  createdByUsername: string;
  className?: string;
}) {
  if (createdByUsername === STARTER_CREATOR)
    return <p className={className}>Created by {STARTER_CREATOR_LABEL}</p>;
  return (
    <p className={className}>
      Created by <Link to={`/${createdByUsername}`}>@{createdByUsername}</Link>
    </p>
  );
}
