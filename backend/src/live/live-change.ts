import { isLadderEvent, LIVE_EVENT_NAMES, type LadderEvent, type LiveChange, type LiveChangeName, type RecordedEvent } from '@team/contracts';

/** One change as the stream sends it: `id:` position, `event:` name, `data:` change. */
export interface LiveMessage {
  position: number;
  name: LiveChangeName;
  change: LiveChange;
}

function summarise(event: LadderEvent): LiveChange {
  switch (event.type) {
    case 'MatchRecorded':
      return {
        matchIds: [event.data.matchId],
        playerIds: event.data.participants.map((participant) => participant.playerId),
        everyone: false,
        modeId: event.data.mode?.id ?? null,
        winningTeam: event.data.winningTeam,
      };
    case 'MatchVoided':
      return { matchIds: [event.data.matchId], playerIds: event.data.participants.map((participant) => participant.playerId), everyone: false };
    case 'PlayersMerged':
      return { matchIds: event.data.movedMatchIds, playerIds: [event.data.primaryId, event.data.duplicateId], everyone: false };
    case 'PlayersUnmerged':
      return { matchIds: event.data.movedBackMatchIds, playerIds: [event.data.primaryId, event.data.duplicateId], everyone: false };
    case 'PlayerRenamed':
      // A name shows on every view of the ladder (boards, matches, histories): all of them refresh.
      return { matchIds: [], playerIds: [event.data.playerId], everyone: false };
    case 'SeasonStarted':
      return { matchIds: [], playerIds: [], everyone: true, seasonId: event.data.seasonId };
    case 'SeasonRenamed':
      return { matchIds: [], playerIds: [], everyone: false, seasonId: event.data.seasonId };
  }
}

/** The stream's message for a logged event, or null when the event is not a ladder change. */
export function liveMessageOf(event: RecordedEvent): LiveMessage | null {
  if (!isLadderEvent(event)) return null;
  return { position: event.position, name: LIVE_EVENT_NAMES[event.type], change: summarise(event) };
}
