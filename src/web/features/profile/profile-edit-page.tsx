import { useState, type ChangeEvent, type FormEvent } from 'react';
import type { SelfUser } from '../../../contracts/users.js';
import { Button, ButtonLink } from '../../components/ui/button.js';
import { CheckField } from '../../components/ui/check-field.js';
import { InlineMessage } from '../../components/ui/inline-message.js';
import { PasswordField } from '../../components/ui/password-field.js';
import { TextField } from '../../components/ui/text-field.js';
import { TitledForm } from '../../components/ui/titled-form.js';
import { VoiceFields } from '../../components/voice/voice-fields.js';
import { describeError } from '../../lib/api-client.js';
import { useSession } from '../../lib/session-store.js';
import { sameVoice } from '../../lib/speech-voices.js';
import { BioField } from './bio-field.js';
import { BlockedPeople } from './blocked-people.js';
import { DeviceNotifications } from './device-notifications.js';
import { ImagePicker, type PictureChoice } from './image-picker.js';
import { YourData } from './my-data/your-data.js';
import { useUpdateProfile } from '../../lib/profile-api.js';
import layoutStyles from '../../components/ui/layout.module.css';
import styles from './profile-edit.module.css';
import { PageTitle } from '../../components/ui/page-title.js';

export const UPDATED_MESSAGE = 'Profile updated';
export const READ_RECEIPTS_HINT =
  'People see when you have read their messages. When this is off, you do not see when they read yours either.';
export const SHOW_MATURE_HINT =
  'Personas their creators rated mature appear in the Explorer, search and the Charioteer. Off unless you switch it on.';
export const PEOPLE_VOICE_HINT =
  'You hear people’s messages, yours included, read aloud in this voice. Personas speak in the voice their creator picked.';

function pictureValue(choice: PictureChoice, currentUrl: string): string {
  if (choice.kind === 'new') return choice.dataUrl;
  if (choice.kind === 'remove') return '';
  return currentUrl;
}

function EditForm({ me }: { me: SelfUser }) {
  const update = useUpdateProfile();
  const [fields, setFields] = useState({
    name: me.name,
    username: me.username,
    email: me.email,
    bio: me.bio,
  });
  const [password, setPassword] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  // Only these two changes can lock someone out of their account, so only they ask for the current password.
  const needsCurrent = password !== '' || fields.email.trim().toLowerCase() !== me.email;
  const [picture, setPicture] = useState<PictureChoice>({ kind: 'keep' });
  const [readReceipts, setReadReceipts] = useState(me.readReceipts);
  const [showMature, setShowMature] = useState(me.showMature);
  const [peopleVoice, setPeopleVoice] = useState(me.peopleVoice);
  // Any change clears the last answer ("Profile updated" or an error), which no longer describes the form.
  const changed =
    <T,>(setter: (value: T) => void) =>
    (value: T) => {
      update.reset();
      setter(value);
    };
  // A text box's name, value and change handler: the kept fields and the two passwords alike.
  const input = (name: string, value: string, setter: (value: string) => void) => ({
    name,
    value,
    onChange: (event: ChangeEvent<HTMLInputElement>) => changed(setter)(event.target.value),
  });
  const set = (key: keyof typeof fields) =>
    changed((value: string) => setFields((current) => ({ ...current, [key]: value })));
  const field = (key: keyof typeof fields) => input(key, fields[key], set(key));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = {
      ...fields,
      password,
      ...(needsCurrent ? { currentPassword } : {}),
      profilePic: pictureValue(picture, me.profilePic),
      // Only a change is sent: a form left open in another tab must not undo a switch made since.
      ...(readReceipts !== me.readReceipts ? { readReceipts } : {}),
      ...(showMature !== me.showMature ? { showMature } : {}),
      ...(sameVoice(peopleVoice, me.peopleVoice) ? {} : { peopleVoice }),
    };
    update.mutate(
      { id: me._id, input },
      {
        onSuccess: () => {
          // The new password is saved; never leave it (or the old one) sitting in the form.
          setPassword('');
          setCurrentPassword('');
          setPicture({ kind: 'keep' });
        },
      },
    );
  };

  return (
    <TitledForm
      title="Edit profile"
      subtitle="This is how people and AI personas see you."
      className={styles.form}
      headingClassName={layoutStyles.intro}
      titleClassName={styles.title}
      onSubmit={onSubmit}
    >
      <ImagePicker
        name={fields.name}
        username={fields.username}
        currentUrl={me.profilePic}
        choice={picture}
        onChoice={changed(setPicture)}
      />
      <div className={layoutStyles.twoColumns}>
        <TextField label="Name" autoComplete="name" {...field('name')} />
        <TextField
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          {...field('username')}
        />
      </div>
      <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
      <BioField value={fields.bio} onChange={set('bio')} />
      <PasswordField
        label="New password"
        autoComplete="new-password"
        hint="Leave empty to keep your current password."
        {...input('password', password, setPassword)}
      />
      {needsCurrent ? (
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          hint="Needed to change your email or password."
          {...input('currentPassword', currentPassword, setCurrentPassword)}
        />
      ) : null}
      <CheckField
        label="Read receipts"
        name="readReceipts"
        checked={readReceipts}
        hint={READ_RECEIPTS_HINT}
        onChange={(e) => changed(setReadReceipts)(e.target.checked)}
      />
      <CheckField
        label="Show mature personas"
        name="showMature"
        checked={showMature}
        hint={SHOW_MATURE_HINT}
        onChange={(e) => changed(setShowMature)(e.target.checked)}
      />
      <VoiceFields
        legend="Voice for people’s messages"
        hint={PEOPLE_VOICE_HINT}
        value={peopleVoice}
        onChange={changed(setPeopleVoice)}
      />
      {update.isError ? <InlineMessage kind="error">{describeError(update.error)}</InlineMessage> : null}
      {update.isSuccess ? <InlineMessage kind="success">{UPDATED_MESSAGE}</InlineMessage> : null}
      <div className={layoutStyles.formActions}>
        <ButtonLink to={`/${me.username}`} variant="ghost">
          View profile
        </ButtonLink>
        <Button type="submit" busy={update.isPending} disabled={update.isPending}>
          Update
        </Button>
      </div>
    </TitledForm>
  );
}

/**
 * /update: the signed-in account's name, username, email, bio, password, picture, receipts and voice; this
 * device's notifications; the people one blocked; one's data to download, and deleting the account.
 */
export function ProfileEditPage() {
  const me = useSession((state) => state.user);
  // RequireAuth guarantees a user; the check keeps the types honest.
  if (!me) return null;
  return (
    <div className={styles.page}>
      <PageTitle>Edit profile · Simplified</PageTitle>
      <EditForm me={me} />
      <DeviceNotifications />
      <BlockedPeople />
      <YourData />
    </div>
  );
}
