// The ladder's events live in contracts, because the projections apply what the backend decides.
export {
  LADDER_STREAM,
  LADDER_EVENT_TYPES,
  isLadderEvent,
  type LadderEvent,
  type LadderEventType,
  type LadderTotals,
  type MatchRecorded,
  type MatchParticipantRecorded,
  type MatchVoided,
  type MatchVoidedParticipant,
  type PlayersMerged,
  type PlayersUnmerged,
  type PoolId,
  type PoolMerge,
  type PoolUnmerge,
  type RethreadedEntry,
} from '@team/contracts';
