import type { VoiceSettings } from '../../../contracts/voices.js';
import type { UserRow } from '../../db/schema.js';

type VoiceColumns = Pick<UserRow, 'voiceName' | 'voiceRate' | 'voicePitch'>;

/** The users columns that store a read-aloud voice (a persona's own, or the one a person hears people in). */
export function voiceColumns(voice: VoiceSettings): VoiceColumns {
  return { voiceName: voice.name, voiceRate: voice.rate, voicePitch: voice.pitch };
}

/** The voice a users row stores. */
export function voiceOf(row: VoiceColumns): VoiceSettings {
  return { name: row.voiceName, rate: row.voiceRate, pitch: row.voicePitch };
}
