import { ROOM_ERRORS } from '../../../../../contracts/rooms.js';
import type { SelfUser } from '../../../../../contracts/users.js';
import { Button } from '../../../../components/ui/button.js';
import { ApiError, describeError } from '../../../../lib/api-client.js';
import { LoadingBars } from '../../components/loading-bars.js';
import listStyles from '../../components/message-list.module.css';
import conversationStyles from '../../components/conversation.module.css';
import { useRoom } from '../api/get-rooms.js';
import { RoomConversation } from './room-conversation.js';
import { PageTitle } from '../../../../components/ui/page-title.js';

interface RoomPaneProps {
  me: SelfUser;
  roomId: string;
  onSendFailed: (error: string) => void;
  composerId?: string;
}

/** /chat/room/:roomId: the room once it is read, or why it cannot be shown. */
export function RoomPane({ me, roomId, onSendFailed, composerId }: RoomPaneProps) {
  const room = useRoom(roomId);
  if (room.data) {
    return <RoomConversation me={me} room={room.data} onSendFailed={onSendFailed} composerId={composerId} />;
  }
  if (room.isError) {
    const missing =
      room.error instanceof ApiError && (room.error.status === 404 || room.error.status === 403);
    return (
      <div className={conversationStyles.placeholder}>
        <div className={conversationStyles.placeholderCard}>
          <PageTitle>Room · Simplified</PageTitle>
          <p role="alert" className={conversationStyles.placeholderTitle}>
            {missing ? ROOM_ERRORS.notFound : describeError(room.error)}
          </p>
          <p className={conversationStyles.placeholderText}>
            {missing
              ? 'It may have been removed, or you are not in it. Pick another conversation.'
              : 'Please try again in a moment.'}
          </p>
          {missing ? null : (
            <Button variant="secondary" onClick={() => void room.refetch()}>
              Try again
            </Button>
          )}
        </div>
      </div>
    );
  }
  return (
    <>
      <div className={conversationStyles.header}>
        <span className={conversationStyles.avatarGhost} aria-hidden="true" />
      </div>
      <div className={listStyles.log}>
        <LoadingBars />
      </div>
    </>
  );
}
