import { useParams } from 'react-router-dom';
import { MatchScreen } from '@/features/matches/components/match-page/MatchScreen';
import TrackerNotFoundRoute from './not-found';
import { usePageTitle } from '@/hooks/use-page-title';

/** The largest id the API accepts (a PostgreSQL integer); anything else is no match. */
const MAX_ID = 2_147_483_647;

/** /tracker/matches/:id — a shareable match page; an id that is not one shows the tracker's 404. */
export default function MatchRoute() {
  const { id = '' } = useParams();
  usePageTitle(`Match #${id}`);
  const notFound = <TrackerNotFoundRoute />;
  if (!/^[1-9]\d{0,9}$/.test(id) || Number(id) > MAX_ID) return notFound;
  return <MatchScreen matchId={Number(id)} notFound={notFound} />;
}
