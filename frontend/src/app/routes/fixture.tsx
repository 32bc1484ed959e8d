import { useParams } from 'react-router-dom';
import { FixtureScreen } from '@/features/schedule/components/FixtureScreen';
import { usePageTitle } from '@/hooks/use-page-title';
import NotFoundRoute from './not-found';

/** The largest id the API accepts (a PostgreSQL integer); anything else is no fixture. */
const MAX_ID = 2_147_483_647;

/** /schedule/:id: one fixture; an id that is not one shows the 404 screen. */
export default function FixtureRoute() {
  const { id = '' } = useParams();
  usePageTitle('Match');
  const notFound = <NotFoundRoute />;
  if (!/^[1-9]\d{0,9}$/.test(id) || Number(id) > MAX_ID) return notFound;
  return <FixtureScreen fixtureId={Number(id)} notFound={notFound} />;
}
