import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { CardDraft } from '../../../../contracts/personas.js';
import { DEFAULT_VOICE } from '../../../../contracts/voices.js';
import { Avatar } from '../../../components/ui/avatar.js';
import { Button, ButtonLink } from '../../../components/ui/button.js';
import { InlineMessage } from '../../../components/ui/inline-message.js';
import { CountedField } from '../../../components/persona-fields/counted-field.js';
import { OpeningMessageField } from '../../../components/persona-fields/opening-message-field.js';
import {
  CREATE_LIMITS,
  fitField,
  PROMPT_PRIVACY_NOTE,
  type PersonaTextKey,
} from '../../../components/persona-fields/persona-fields.js';
import { PersonaVoiceField } from '../../../components/persona-fields/persona-voice-field.js';
import { RatingField } from '../../../components/persona-fields/rating-field.js';
import { TagSelect } from '../../../components/persona-fields/tag-select.js';
import { CardImport } from './card-import.js';
import { CreatingIndicator } from './creating-indicator.js';
import {
  EMPTY_DRAFT,
  draftFromCard,
  toCreateRequest,
  validateDraft,
  type DraftErrors,
} from './persona-draft.js';
import { useCreateWithFallback } from './use-create-with-fallback.js';
import layoutStyles from '../../../components/ui/layout.module.css';
import styles from './create.module.css';

const TEXT_HINT = 'Letters, digits, spaces and , . ! : only.';

/** The Creator Studio form: filters as you type, counters, required fields, card import, submit. */
export function CreateForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState(EMPTY_DRAFT);
  // Apart from the draft: a card has no voice, so importing one keeps the voice already picked.
  const [voice, setVoice] = useState(DEFAULT_VOICE);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [attempt, setAttempt] = useState(0);
  const create = useCreateWithFallback();

  // After a refused submit, take the keyboard to the first field that needs attention.
  useEffect(() => {
    if (attempt > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const text = (key: PersonaTextKey) => ({
    name: key,
    value: draft[key],
    max: CREATE_LIMITS[key],
    error: errors[key],
    onChange: (raw: string) => {
      create.reset();
      setErrors((current) => ({ ...current, [key]: undefined }));
      setDraft((current) => ({ ...current, [key]: fitField(key, current[key], raw, CREATE_LIMITS[key]) }));
    },
  });

  const onCard = (card: CardDraft) => {
    create.reset();
    setErrors({});
    setDraft(draftFromCard(card));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateDraft(draft);
    setErrors(found);
    if (Object.keys(found).length > 0 || draft.tag === '') return setAttempt((n) => n + 1);
    create.submit(toCreateRequest(draft, draft.tag, voice));
  };

  return (
    <form
      ref={formRef}
      className={layoutStyles.card}
      onSubmit={onSubmit}
      noValidate
      aria-label="Create an AI persona"
    >
      <CardImport onDraft={onCard} />
      <fieldset className={styles.fields} disabled={create.loading}>
        <legend className="visually-hidden">Persona details</legend>
        {draft.profilePic ? (
          <div className={styles.picture}>
            <Avatar name={draft.name} username={draft.username} src={draft.profilePic} size={72} />
            <div className={styles.pictureText}>
              <span className={styles.muted}>The card’s picture becomes its profile picture.</span>
              <button
                type="button"
                className={styles.removePicture}
                onClick={() => setDraft((current) => ({ ...current, profilePic: '' }))}
              >
                Remove picture
              </button>
            </div>
          </div>
        ) : null}
        <div className={layoutStyles.twoColumns}>
          <CountedField label="Name" required hint="Letters, digits and spaces." {...text('name')} />
          <CountedField
            label="Username"
            required
            hint={`Its page: /${draft.username || 'username'}. Lowercase letters and digits.`}
            {...text('username')}
          />
        </div>
        <CountedField
          label="Bio"
          required
          rows={3}
          hint={`Shown on its profile and card. ${TEXT_HINT}`}
          {...text('bio')}
        />
        <CountedField
          label="Prompt"
          required
          rows={5}
          hint={`Who it is and how it speaks. ${PROMPT_PRIVACY_NOTE} ${TEXT_HINT}`}
          {...text('prompt')}
        />
        <CountedField
          label="Memory"
          rows={4}
          hint="Facts it should always keep in mind (optional)."
          {...text('memory')}
        />
        <OpeningMessageField {...text('openingMessage')} />
        <TagSelect
          label="Category"
          required
          value={draft.tag}
          error={errors.tag}
          onChange={(tag) => {
            create.reset();
            setErrors((current) => ({ ...current, tag: undefined }));
            setDraft((current) => ({ ...current, tag }));
          }}
        />
        <RatingField
          value={draft.rating}
          error={errors.rating}
          onChange={(rating) => {
            create.reset();
            setErrors((current) => ({ ...current, rating: undefined }));
            setDraft((current) => ({ ...current, rating }));
          }}
        />
        <PersonaVoiceField
          value={voice}
          onChange={(next) => {
            create.reset();
            setVoice(next);
          }}
        />
      </fieldset>
      {attempt > 0 && Object.values(errors).some(Boolean) ? (
        <InlineMessage kind="error">Please fill in the fields marked above.</InlineMessage>
      ) : null}
      {create.error ? <InlineMessage kind="error">{create.error}</InlineMessage> : null}
      {create.loading ? <CreatingIndicator /> : null}
      {create.slow ? (
        <p role="status" className={styles.muted}>
          This is taking longer than usual. Check your connection, then try again.
        </p>
      ) : null}
      <div className={layoutStyles.formActions}>
        <ButtonLink to="/explorer" variant="ghost">
          Cancel
        </ButtonLink>
        <Button type="submit" busy={create.loading} disabled={create.loading}>
          Create AI
        </Button>
      </div>
    </form>
  );
}
