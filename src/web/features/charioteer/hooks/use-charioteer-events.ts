import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { create } from 'zustand';
import { onMissedEvents, onServerEvents, useRealtime } from '../../../lib/socket.js';
import { charioteerKeys } from '../api/charioteer-keys.js';
import { storeDiscussion, storeTurn } from '../api/discussion-cache.js';

/** The turn being spoken right now; `speakerId` is null when it began before this screen listened. */
export interface LiveTurn {
  turnId: string;
  speakerId: string | null;
  text: string;
}

/** Live turns by discussion id (at most one each). */
export const useLiveTurns = create<Record<string, LiveTurn | undefined>>()(() => ({}));

type Change = (held: LiveTurn | undefined) => LiveTurn | undefined;
const setLive = (discussionId: string, change: Change) =>
  useLiveTurns.setState((all) => ({ ...all, [discussionId]: change(all[discussionId]) }));

/** The turn being spoken at one table, if any. */
export function useLiveTurn(discussionId: string): LiveTurn | null {
  return useLiveTurns((all) => all[discussionId] ?? null);
}

/**
 * Follows every discussion of the user's over the socket while the Charioteer is open (so the first
 * turn is caught even while the table is still opening): live turns grow with each delta and give
 * way to the stored turn; status changes update the discussion and the list. A reconnect (or a resync from the server) re-reads.
 */
export function useCharioteerEvents(): void {
  const client = useQueryClient();
  const socket = useRealtime((state) => state.socket);

  useEffect(() => {
    if (!socket) return;
    // Turns already stored: a late delta for one of them must not bring its live copy back.
    const done = new Set<string>();

    const stopListening = onServerEvents(socket, {
      charioteerTurnStart: ({ discussionId, turnId, speakerId }) => {
        if (!done.has(turnId)) setLive(discussionId, () => ({ turnId, speakerId, text: '' }));
      },
      charioteerTurnDelta: ({ discussionId, turnId, delta }) => {
        if (done.has(turnId)) return;
        setLive(discussionId, (held) =>
          held?.turnId === turnId
            ? { ...held, text: held.text + delta }
            : { turnId, speakerId: null, text: delta },
        );
      },
      charioteerTurn: ({ turn }) => {
        done.add(turn._id);
        storeTurn(client, turn);
        setLive(turn.discussionId, (held) => (held?.turnId === turn._id ? undefined : held));
      },
      charioteerStatus: ({ discussion }) => {
        storeDiscussion(client, discussion);
        // Pause lets the turn under way finish; stop drops it, and a failure ends it.
        if (discussion.status !== 'running' && discussion.status !== 'paused') {
          setLive(discussion._id, () => undefined);
        }
      },
    });
    // A turn cut by a lost connection is dropped; the stored one comes back with the re-read.
    const onDisconnect = () => useLiveTurns.setState({}, true);
    socket.on('disconnect', onDisconnect);
    const stopBackfill = onMissedEvents(
      () => void client.invalidateQueries({ queryKey: charioteerKeys.all }),
    );
    return () => {
      stopListening();
      socket.off('disconnect', onDisconnect);
      stopBackfill();
      useLiveTurns.setState({}, true);
    };
  }, [socket, client]);
}
