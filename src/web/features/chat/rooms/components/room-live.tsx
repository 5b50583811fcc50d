import { useState } from 'react';
import { Button } from '../../../../components/ui/button.js';
import { StopIcon } from '../../../../components/ui/icons.js';
import { InlineMessage } from '../../../../components/ui/inline-message.js';
import { describeError } from '../../../../lib/api-client.js';
import { ReplyFailure, TypingIndicator } from '../../components/ai-reply.js';
import { useAiReplies, type AiReplyFailure, type AiReplyStream } from '../../hooks/ai-reply-store.js';
import { stopRoomReply } from '../api/send-room-message.js';
import styles from './room-page.module.css';

/** A persona by id among the members; a reply this tab joined late may not name its persona yet. */
export type PersonaName = (personaId: string) => string;

interface RoomLiveProps {
  roomId: string;
  me: string;
  ownerId: string;
  personaName: PersonaName;
  /** Replies whose first words have not come yet. */
  waiting: readonly AiReplyStream[];
  /** Replies still under way. */
  speaking: readonly AiReplyStream[];
  failures: readonly AiReplyFailure[];
}

/**
 * What the room's personas are doing below the messages: typing, a failed reply, and Stop while one speaks,
 * offered to whoever may stop it (the person it answers, or the owner).
 */
export function RoomLive({ roomId, me, ownerId, personaName, waiting, speaking, failures }: RoomLiveProps) {
  const dismissFailure = useAiReplies((state) => state.dismissFailure);
  const [stopping, setStopping] = useState(false);
  const [stopError, setStopError] = useState<string | null>(null);
  const stoppable = speaking.filter((stream) => ownerId === me || stream.triggeredBy === me);
  const first = stoppable[0];
  const stop = async () => {
    setStopping(true);
    setStopError(null);
    try {
      await stopRoomReply(roomId);
    } catch (failure) {
      setStopError(describeError(failure));
    } finally {
      setStopping(false);
    }
  };
  if (waiting.length === 0 && failures.length === 0 && !first && !stopError) return null;
  return (
    <>
      {waiting.map((stream) => (
        <TypingIndicator key={stream.replyId} username={personaName(stream.personaId)} />
      ))}
      {failures.map((failure) => (
        <ReplyFailure
          key={failure.replyId}
          username={personaName(failure.personaId)}
          error={failure.error}
          onDismiss={() => dismissFailure(failure)}
        />
      ))}
      {first ? (
        <div className={styles.stopRow}>
          <Button variant="secondary" busy={stopping} disabled={stopping} onClick={() => void stop()}>
            <StopIcon size={16} />
            Stop @{personaName(first.personaId)}
          </Button>
        </div>
      ) : null}
      {stopError ? <InlineMessage kind="error">{stopError}</InlineMessage> : null}
    </>
  );
}
