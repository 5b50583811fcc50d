import { ROOM_LIMITS } from '../../../../../contracts/rooms.js';
import { CountedField } from '../../../../components/persona-fields/counted-field.js';

/** "Room name", required, with its live n/60 counter. */
export function RoomNameField({
  value,
  error,
  onChange,
}: {
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  return (
    <CountedField
      label="Room name"
      name="name"
      value={value}
      max={ROOM_LIMITS.nameMax}
      required
      error={error}
      onChange={onChange}
    />
  );
}
