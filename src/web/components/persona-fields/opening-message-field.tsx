import { CountedField, type CountedFieldProps } from './counted-field.js';

/** Who sees it before a conversation starts, and the characters its filter (SPEC §5) keeps. */
const OPENING_MESSAGE_HINT =
  "Optional. Its first message when someone starts a conversation with it; only you see it here. Letters, digits, spaces and . , ? % ' only.";

/** A persona's opening message, with the same label, size and hint in the Creator Studio and the edit panel. */
export function OpeningMessageField(props: Omit<CountedFieldProps, 'label' | 'rows' | 'hint'>) {
  return <CountedField label="Opening message" rows={2} hint={OPENING_MESSAGE_HINT} {...props} />;
}
