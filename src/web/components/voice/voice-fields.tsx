import { useId } from 'react';
import { SPEECH_LANG, VOICE_LIMITS, filterVoiceName, type VoiceSettings } from '../../../contracts/voices.js';
import { findVoice, speechEngine, useBrowserVoices } from '../../lib/speech-voices.js';
import { Button } from '../ui/button.js';
import fieldStyles from '../ui/text-field.module.css';
import selectStyles from '../persona-fields/fields.module.css';
import { RangeField } from './range-field.js';
import { useVoicePreview } from './use-voice-preview.js';
import styles from './voice-fields.module.css';

export const DEFAULT_VOICE_LABEL = `Browser default (${SPEECH_LANG})`;
export const PREVIEW_SAMPLE = 'Hello! This is how I sound when your messages are read aloud.';
export const NO_SPEECH_NOTE = 'This browser cannot read aloud, so a voice cannot be previewed here.';

/** Sliders move in steps this fine; the server takes any value between the bounds. */
const STEP = 0.05;

/** The sliders, in the order shown; each field is named voiceRate, voicePitch as the forms send them. */
const SLIDERS = [
  { label: 'Rate', setting: 'rate', min: VOICE_LIMITS.rateMin, max: VOICE_LIMITS.rateMax },
  { label: 'Pitch', setting: 'pitch', min: VOICE_LIMITS.pitchMin, max: VOICE_LIMITS.pitchMax },
] as const;

interface VoiceFieldsProps {
  /** The group's name, such as "Read-aloud voice". */
  legend: string;
  /** Who hears this voice, under the legend. */
  hint: string;
  value: VoiceSettings;
  onChange: (next: VoiceSettings) => void;
  /** What "Preview voice" says. */
  sample?: string;
}

/** Picks a browser voice, its rate and pitch, and lets the chooser hear them ("Preview voice"). */
export function VoiceFields({ legend, hint, value, onChange, sample = PREVIEW_SAMPLE }: VoiceFieldsProps) {
  const id = useId();
  const voices = useBrowserVoices();
  const preview = useVoicePreview(value, sample);
  const supported = speechEngine() !== null;
  // Chosen in another browser: kept (and named as such) rather than silently replaced on the next save.
  const missing = value.name !== '' && !findVoice(voices, value.name);
  const set = (patch: Partial<VoiceSettings>) => onChange({ ...value, ...patch });

  return (
    <fieldset className={styles.group} aria-describedby={`${id}-hint`}>
      <legend className={fieldStyles.label}>{legend}</legend>
      <p id={`${id}-hint`} className={fieldStyles.hint}>
        {hint}
      </p>
      <div className={fieldStyles.field}>
        <label className={fieldStyles.label} htmlFor={`${id}-voice`}>
          Voice
        </label>
        <select
          id={`${id}-voice`}
          name="voiceName"
          className={`${fieldStyles.input} ${selectStyles.select}`}
          value={value.name}
          onChange={(event) => set({ name: event.target.value })}
        >
          <option value="">{DEFAULT_VOICE_LABEL}</option>
          {missing ? (
            <option value={value.name}>{`${value.name} (not in this browser: its default is used)`}</option>
          ) : null}
          {voices.map((voice) => (
            // The value is the name as the server stores it, so the stored voice is selected again.
            <option key={voice.voiceURI || voice.name} value={filterVoiceName(voice.name)}>
              {`${voice.name} (${voice.lang})`}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.sliders}>
        {SLIDERS.map(({ label, setting, min, max }) => (
          <RangeField
            key={setting}
            label={label}
            name={`voice${label}`}
            min={min}
            max={max}
            step={STEP}
            value={value[setting]}
            onChange={(next) => set({ [setting]: next })}
          />
        ))}
      </div>
      <div className={styles.actions}>
        <Button
          variant="secondary"
          disabled={!supported}
          aria-describedby={supported ? undefined : `${id}-none`}
          onClick={preview.playing ? preview.stop : preview.play}
        >
          {preview.playing ? 'Stop preview' : 'Preview voice'}
        </Button>
        {supported ? null : (
          <span id={`${id}-none`} className={fieldStyles.hint}>
            {NO_SPEECH_NOTE}
          </span>
        )}
      </div>
    </fieldset>
  );
}
