import type { VoiceSettings } from '../../../contracts/voices.js';
import { VoiceFields } from '../voice/voice-fields.js';

/** Beside a persona's voice: everyone hears it, and another browser may not have it. */
const PERSONA_VOICE_HINT =
  'Everyone who has its messages read aloud hears this voice. A browser without it reads in its default en-US voice.';

/** A persona's read-aloud voice, as the Creator Studio and the edit panel both offer it. */
export function PersonaVoiceField(props: { value: VoiceSettings; onChange: (next: VoiceSettings) => void }) {
  return <VoiceFields legend="Read-aloud voice" hint={PERSONA_VOICE_HINT} {...props} />;
}
