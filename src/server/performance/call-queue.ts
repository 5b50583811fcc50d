/** One API call waiting for a place among those being answered. */
export interface WaitingCall {
  /** Lets the call go on; from then it holds a place until `leave` is called for it. */
  admit: () => void;
  /** Answers the call busy: it waited longer than a refused client would. */
  refuse: () => void;
  /** Whether its client has gone away (a gone call is dropped, neither admitted nor answered). */
  gone: () => boolean;
}

/**
 * At most `limit` calls answered at once; the rest wait their turn, oldest first, for at most `maxWaitMs`,
 * then are refused. People using the web app send one message at a time and wait for its answer, so past
 * capacity a queue only slows each person down to what the server can do. A refusal instead costs a parse and
 * an answer, and the retry after it costs both again (measured: decision 022). A client that does not wait for its answers fills the queue, and from then on everything new is
 * refused on arrival (`overdue`), so what waits stays bounded by `maxWaitMs` of the server's throughput.
 */
export function callQueue(limit: number, maxWaitMs: number, now = () => performance.now()) {
  let answering = 0;
  // A FIFO as an array and the index of its head, compacted now and then: shift() on a long array copies it.
  let waiting: { call: WaitingCall; since: number }[] = [];
  let head = 0;
  /** Drops the head of the line, which the caller has looked at. */
  const take = () => {
    head += 1;
    if (head === waiting.length) {
      waiting = [];
      head = 0;
    } else if (head > 1024 && head * 2 > waiting.length) {
      waiting = waiting.slice(head);
      head = 0;
    }
  };
  const admit = (call: WaitingCall) => {
    answering += 1;
    call.admit();
  };

  /** Refuses the calls that have waited too long, and admits the others as places allow. */
  const drain = () => {
    const t = now();
    for (let next = waiting[head]; next; next = waiting[head]) {
      const { call, since } = next;
      const gone = call.gone();
      const inTime = t - since <= maxWaitMs;
      if (!gone && inTime && answering >= limit) return;
      take();
      if (gone) continue;
      if (inTime) admit(call);
      else call.refuse();
    }
  };

  return {
    /** A new call: admitted at once if there is a place and nobody waits before it, else it waits. */
    enter(call: WaitingCall): void {
      if (head === waiting.length && answering < limit) return admit(call);
      waiting.push({ call, since: now() });
      if (answering < limit) drain();
    },
    /** An admitted call has been answered, or its client has gone: its place goes to the next in line. */
    leave(): void {
      answering -= 1;
      drain();
    },
    drain,
    /** Whether the oldest waiting call has waited past `maxWaitMs`: a newcomer would wait longer still. */
    overdue: () => {
      const oldest = waiting[head];
      return oldest !== undefined && now() - oldest.since > maxWaitMs;
    },
    answering: () => answering,
    waiting: () => waiting.length - head,
  };
}
