import { useId, useState } from 'react';
import { useParams } from 'react-router';
import { DELETED_ACCOUNT_NAME, MY_DATA_ERRORS } from '../../../contracts/my-data.js';
import type { ProfileResponse, SelfUser } from '../../../contracts/users.js';
import { ButtonLink } from '../../components/ui/button.js';
import { FlagIcon, MessageIcon } from '../../components/ui/icons.js';
import { InlineMessage } from '../../components/ui/inline-message.js';
import { BlockButton } from '../../components/safety/block-button.js';
import { ReportDialog } from '../../components/safety/report-dialog.js';
import { Button } from '../../components/ui/button.js';
import { describeError } from '../../lib/api-client.js';
import { useSession } from '../../lib/session-store.js';
import { AiEditPanel } from './persona/ai-edit-panel.js';
import { CardExportLinks, PersonaCreatorActions } from './persona/persona-creator-tools.js';
import { CreatorCredit, TagChip, isCreatorOf } from './persona/persona-badges.js';
import { useEditPanel, type EditPanelState } from './persona/use-edit-panel.js';
import { Avatar } from '../../components/ui/avatar.js';
import { useProfile } from '../../lib/profile-api.js';
import layoutStyles from '../../components/ui/layout.module.css';
import styles from './profile.module.css';
import { PageTitle } from '../../components/ui/page-title.js';

/** SPEC §2: the only thing a visitor sees on any profile address. */
export const VISITOR_MESSAGE = 'Hello internet traveller. This is a peaceful empty space to chill.';

function joinedLabel(createdAt: string): string | null {
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return null;
  return `Joined ${date.toLocaleDateString('en-US', { month: 'long', year: 'numeric' })}`;
}

interface ProfileCardProps {
  profile: ProfileResponse;
  me: SelfUser;
  panel: EditPanelState;
}

function ProfileCard({ profile, me, panel }: ProfileCardProps) {
  const isOwn = profile._id === me._id;
  const isCreator = isCreatorOf(profile, me);
  // The owner edits their bio on /update; an AI persona's creator edits it in the panel (SPEC §6).
  const canEdit = isOwn;
  const joined = joinedLabel(profile.createdAt);
  const nameId = useId();
  const [reporting, setReporting] = useState(false);
  const frozen = profile.frozenReason !== undefined;
  return (
    <article className={styles.card} aria-labelledby={nameId}>
      <PageTitle>{`${profile.name} (@${profile.username}) · Simplified`}</PageTitle>
      <div className={styles.cover} aria-hidden="true" />
      <div className={styles.identity}>
        <Avatar name={profile.name} username={profile.username} src={profile.profilePic} size={112} />
        <h1 id={nameId} className={styles.name}>
          {profile.name}
        </h1>
        <p className={styles.handle}>@{profile.username}</p>
        {profile.isAi ? (
          <p className={styles.badges}>
            <span className={styles.badge}>AI</span>
            <TagChip tag={profile.tag} />
          </p>
        ) : null}
      </div>
      {frozen ? (
        <InlineMessage kind="error">
          A moderator froze this persona: {profile.frozenReason}. Nobody else can find it or chat with it.
        </InlineMessage>
      ) : null}
      {profile.bio ? (
        <p className={styles.bio} dir="auto">
          {profile.bio}
        </p>
      ) : (
        <p className={`${styles.bio} ${styles.muted}`}>
          {isOwn ? 'You have not written a bio yet.' : 'No bio yet.'}
        </p>
      )}
      {profile.isAi && profile.createdByUsername ? (
        <CreatorCredit createdByUsername={profile.createdByUsername} className={layoutStyles.note} />
      ) : joined ? (
        <p className={layoutStyles.note}>{joined}</p>
      ) : null}
      {!isOwn || canEdit || isCreator ? (
        <div className={styles.actions}>
          {!isOwn && !profile.blockedByYou && !frozen ? (
            <ButtonLink to={`/chat/:${profile.username}`}>
              <MessageIcon size={18} />
              Message
            </ButtonLink>
          ) : null}
          {!isOwn && !profile.isAi ? (
            <BlockButton
              userId={profile._id}
              username={profile.username}
              blocked={profile.blockedByYou === true}
            />
          ) : null}
          {canEdit ? (
            <ButtonLink to="/update" variant="secondary">
              Edit bio
            </ButtonLink>
          ) : null}
          {isCreator ? <PersonaCreatorActions panel={panel} /> : null}
          {!isOwn && !isCreator ? (
            <Button variant="secondary" onClick={() => setReporting(true)}>
              <FlagIcon size={18} />
              Report
            </Button>
          ) : null}
        </div>
      ) : null}
      {reporting ? (
        <ReportDialog
          kind={profile.isAi ? 'persona' : 'person'}
          targetId={profile._id}
          subject={`@${profile.username}`}
          onClose={() => setReporting(false)}
        />
      ) : null}
      {isCreator ? <CardExportLinks username={profile.username} /> : null}
    </article>
  );
}

/** A deleted account's profile: nothing of the person remains to show. */
function DeletedProfile() {
  return (
    <div className={`${styles.card} ${styles.errorCard}`}>
      <PageTitle>{`${DELETED_ACCOUNT_NAME} · Simplified`}</PageTitle>
      <Avatar name={DELETED_ACCOUNT_NAME} username="" src="" size={112} />
      <h1 className={styles.name}>{DELETED_ACCOUNT_NAME}</h1>
      <p className={`${styles.bio} ${styles.muted}`}>{MY_DATA_ERRORS.accountDeleted}</p>
      <ButtonLink to="/chat/:ai" variant="secondary">
        Back to messages
      </ButtonLink>
    </div>
  );
}

function SignedInProfile({ username, me }: { username: string; me: SelfUser }) {
  const profile = useProfile(username, true);
  const panel = useEditPanel();
  if (profile.isPending) {
    return (
      <div className={styles.card} role="status" aria-live="polite">
        <div className={styles.skeletonAvatar} aria-hidden="true" />
        <div className={styles.skeletonLine} aria-hidden="true" />
        <div className={`${styles.skeletonLine} ${styles.short}`} aria-hidden="true" />
        <span className="visually-hidden">Loading profile…</span>
      </div>
    );
  }
  if (profile.isError) {
    return (
      <div className={`${styles.card} ${styles.errorCard}`}>
        <PageTitle>Profile not available · Simplified</PageTitle>
        <InlineMessage kind="error">{describeError(profile.error)}</InlineMessage>
        <ButtonLink to="/chat/:ai" variant="secondary">
          Back to messages
        </ButtonLink>
      </div>
    );
  }
  if (profile.data.deleted) return <DeletedProfile />;
  const showPanel = panel.open && isCreatorOf(profile.data, me);
  return (
    <>
      <ProfileCard profile={profile.data} me={me} panel={panel} />
      {showPanel ? (
        <AiEditPanel key={profile.data._id} profile={profile.data} focusBio={panel.focusBio} />
      ) : null}
    </>
  );
}

/** /{username}: a person's or AI persona's profile; visitors only get a calm greeting. */
export function ProfilePage() {
  const { username = '' } = useParams();
  const me = useSession((state) => state.user);
  if (!me) {
    return (
      <div className={styles.visitor}>
        <p>{VISITOR_MESSAGE}</p>
      </div>
    );
  }
  return (
    <div className={styles.page}>
      <SignedInProfile key={username.toLowerCase()} username={username} me={me} />
    </div>
  );
}
