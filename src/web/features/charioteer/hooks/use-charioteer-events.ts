import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { z } from 'zod';
import { create } from 'zustand';
import { Discussion, Turn } from '../../../../contracts/charioteer.js';
import { onReconnect, useRealtime } from '../../../lib/socket.js';
import { charioteerKeys, storeDiscussion, storeTurn } from '../api/charioteer-api.js';

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

const TurnStart = z.object({ discussionId: z.string(), turnId: z.string(), speakerId: z.string() });
const TurnDelta = z.object({ discussionId: z.string(), turnId: z.string(), delta: z.string() });
const TurnStored = z.object({ discussionId: z.string(), turn: Turn });
const StatusChange = z.object({ discussionId: z.string(), discussion: Discussion });

/**
 * Follows every discussion of the user's over the socket while the Charioteer is open (so the first
 * turn is caught even while the table is still opening): live turns grow with each delta and give
 * way to the stored turn; status changes update the discussion and the list. A reconnect re-reads.
 */
export function useCharioteerEvents(): void {
  const client = useQueryClient();
  const socket = useRealtime((state) => state.socket);

  useEffect(() => {
    if (!socket) return;
    // Turns already stored: a late delta for one of them must not bring its live copy back.
    const done = new Set<string>();

    const onStart = (raw: unknown) => {
      const parsed = TurnStart.safeParse(raw);
      if (!parsed.success) return;
      const { discussionId, turnId, speakerId } = parsed.data;
      if (!done.has(turnId)) setLive(discussionId, () => ({ turnId, speakerId, text: '' }));
    };
    const onDelta = (raw: unknown) => {
      const parsed = TurnDelta.safeParse(raw);
      if (!parsed.success) return;
      const { discussionId, turnId, delta } = parsed.data;
      if (done.has(turnId)) return;
      setLive(discussionId, (held) =>
        held?.turnId === turnId
          ? { ...held, text: held.text + delta }
          : { turnId, speakerId: null, text: delta },
      );
    };
    const onTurn = (raw: unknown) => {
      const parsed = TurnStored.safeParse(raw);
      if (!parsed.success) return;
      const { turn } = parsed.data;
      done.add(turn._id);
      storeTurn(client, turn);
      setLive(turn.discussionId, (held) => (held?.turnId === turn._id ? undefined : held));
    };
    const onStatus = (raw: unknown) => {
      const parsed = StatusChange.safeParse(raw);
      if (!parsed.success) return;
      const { discussion } = parsed.data;
      storeDiscussion(client, discussion);
      // Pause lets the turn under way finish; stop drops it, and a failure ends it.
      if (discussion.status !== 'running' && discussion.status !== 'paused') {
        setLive(discussion._id, () => undefined);
      }
    };
    // A turn cut by a lost connection is dropped; the stored one comes back with the re-read.
    const onDisconnect = () => useLiveTurns.setState({}, true);

    socket.on('charioteerTurnStart', onStart);
    socket.on('charioteerTurnDelta', onDelta);
    socket.on('charioteerTurn', onTurn);
    socket.on('charioteerStatus', onStatus);
    socket.on('disconnect', onDisconnect);
    const stopBackfill = onReconnect(() => void client.invalidateQueries({ queryKey: charioteerKeys.all }));
    return () => {
      socket.off('charioteerTurnStart', onStart);
      socket.off('charioteerTurnDelta', onDelta);
      socket.off('charioteerTurn', onTurn);
      socket.off('charioteerStatus', onStatus);
      socket.off('disconnect', onDisconnect);
      stopBackfill();
      useLiveTurns.setState({}, true);
    };
  }, [socket, client]);
}
