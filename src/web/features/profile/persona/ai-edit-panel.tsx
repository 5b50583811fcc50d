import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import type { CategoryTag } from '../../../../contracts/rules.js';
import type { ProfileResponse } from '../../../../contracts/users.js';
import { DEFAULT_VOICE } from '../../../../contracts/voices.js';
import { Button } from '../../../components/ui/button.js';
import { InlineMessage } from '../../../components/ui/inline-message.js';
import { describeError } from '../../../lib/api-client.js';
import { useUpdatePersona } from '../../../lib/persona-api.js';
import { CountedField } from '../../../components/persona-fields/counted-field.js';
import { OpeningMessageField } from '../../../components/persona-fields/opening-message-field.js';
import {
  EDIT_LIMITS,
  fitField,
  isCategoryTag,
  PROMPT_PRIVACY_NOTE,
  type PersonaTexts,
} from '../../../components/persona-fields/persona-fields.js';
import { PersonaVoiceField } from '../../../components/persona-fields/persona-voice-field.js';
import { RatingField } from '../../../components/persona-fields/rating-field.js';
import { TagSelect } from '../../../components/persona-fields/tag-select.js';
import { AI_EDIT_PANEL_ID } from './use-edit-panel.js';
import styles from './persona.module.css';

export const SAVED_MESSAGE = 'Saved';

function missingField(fields: PersonaTexts, tag: CategoryTag | ''): string | null {
  if (fields.name.trim() === '') return 'Name is required';
  if (fields.bio.trim() === '') return 'Bio is required';
  if (fields.prompt.trim() === '') return 'Prompt is required';
  if (tag === '') return 'Tag is required';
  return null;
}

/** The creator's edit panel (SPEC §2, §5): AI name, bio, prompt, memory, opening message, tag, rating and voice (updateAiFields). */
export function AiEditPanel({ profile, focusBio }: { profile: ProfileResponse; focusBio: boolean }) {
  const headingId = useId();
  const update = useUpdatePersona();
  const { key: locationKey } = useLocation();
  const bioRef = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const [fields, setFields] = useState<PersonaTexts>({
    name: profile.name,
    bio: profile.bio,
    prompt: profile.prompt ?? '',
    memory: profile.memory ?? '',
    openingMessage: profile.openingMessage ?? '',
  });
  const [tag, setTag] = useState<CategoryTag | ''>(isCategoryTag(profile.tag) ? profile.tag : '');
  const [voice, setVoice] = useState(profile.voice ?? DEFAULT_VOICE);
  const [rating, setRating] = useState(profile.rating ?? 'general');
  const [missing, setMissing] = useState<string | null>(null);

  // "Edit bio" opens the panel with the cursor in the bio, every time it is followed.
  useEffect(() => {
    if (focusBio) bioRef.current?.focus();
  }, [focusBio, locationKey]);

  const edited = () => {
    update.reset();
    setMissing(null);
  };
  const field = (key: keyof PersonaTexts) => ({
    name: key,
    value: fields[key],
    max: EDIT_LIMITS[key],
    onChange: (raw: string) => {
      edited();
      setFields((current) => ({ ...current, [key]: fitField(key, current[key], raw, EDIT_LIMITS[key]) }));
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = missingField(fields, tag);
    setMissing(problem);
    if (problem !== null || tag === '') return;
    update.mutate({ id: profile._id, ...fields, tag, voice, rating });
  };

  return (
    <section id={AI_EDIT_PANEL_ID} className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.panelTitle}>
        Edit AI
      </h2>
      <form className={styles.panelForm} onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
        <CountedField label="AI name" required {...field('name')} />
        <CountedField label="Bio" required rows={3} fieldRef={bioRef} {...field('bio')} />
        <CountedField label="Prompt" required rows={5} hint={PROMPT_PRIVACY_NOTE} {...field('prompt')} />
        <CountedField label="Memory" rows={4} {...field('memory')} />
        <OpeningMessageField {...field('openingMessage')} />
        <TagSelect
          label="Tag"
          required
          value={tag}
          onChange={(next) => {
            edited();
            setTag(next);
          }}
        />
        <RatingField
          value={rating}
          onChange={(next) => {
            edited();
            setRating(next);
          }}
        />
        <PersonaVoiceField
          value={voice}
          onChange={(next) => {
            edited();
            setVoice(next);
          }}
        />
        {missing ? <InlineMessage kind="error">{missing}</InlineMessage> : null}
        {update.isError ? <InlineMessage kind="error">{describeError(update.error)}</InlineMessage> : null}
        {update.isSuccess ? <InlineMessage kind="success">{SAVED_MESSAGE}</InlineMessage> : null}
        <div className={styles.panelActions}>
          <Button type="submit" busy={update.isPending} disabled={update.isPending}>
            Save
          </Button>
        </div>
      </form>
    </section>
  );
}
