import { movedRatingsCount, type AuditEntry, type SeasonRenamed, type SeasonStarted } from '@team/contracts';

function StartedDetails({ data }: { data: SeasonStarted['data'] }) {
  const ratings = Array.isArray(data.ratings) ? data.ratings : [];
  const moved = movedRatingsCount(ratings);
  const players = new Set(ratings.map((rating) => rating.playerId)).size;
  return (
    <>
      <dt>Season</dt>
      <dd>{`#${data.seasonId} ${data.name}`}</dd>
      <dt>Ended</dt>
      <dd>{data.endedSeasonId == null ? 'None: this names the first season' : `Season #${data.endedSeasonId}, its final standings frozen here`}</dd>
      <dt>Soft reset</dt>
      <dd>{data.softResetPercent > 0 ? `${data.softResetPercent}% toward 1000` : 'None (0%)'}</dd>
      <dt>Ratings moved</dt>
      <dd>{`${moved} of ${ratings.length} ${ratings.length === 1 ? 'rating' : 'ratings'} (${players} ${players === 1 ? 'player' : 'players'})`}</dd>
      <dt>First match</dt>
      <dd>{`#${data.firstMatchId} and later`}</dd>
    </>
  );
}

function RenamedDetails({ data }: { data: SeasonRenamed['data'] }) {
  return (
    <>
      <dt>Season</dt>
      <dd>{`#${data.seasonId}`}</dd>
      <dt>Old name</dt>
      <dd>{data.previousName}</dd>
      <dt>New name</dt>
      <dd>{data.name}</dd>
    </>
  );
}

/** A season event in words (its JSON lists every rating, which says little at a glance); null for any other event. */
export function SeasonEventDetails({ entry }: { entry: AuditEntry }) {
  if (entry.type !== 'SeasonStarted' && entry.type !== 'SeasonRenamed') return null;
  return (
    <section aria-label={entry.type === 'SeasonStarted' ? 'Season started' : 'Season renamed'}>
      <dl>
        {entry.type === 'SeasonStarted' ? (
          <StartedDetails data={entry.data as SeasonStarted['data']} />
        ) : (
          <RenamedDetails data={entry.data as SeasonRenamed['data']} />
        )}
      </dl>
    </section>
  );
}
