import { SUBMISSION_ID_PATTERN } from '@team/contracts';
import { useParams } from 'react-router-dom';
import { SubmissionStatusScreen } from '@/features/matches/components/submission-status/SubmissionStatusScreen';
import { usePageTitle } from '@/hooks/use-page-title';
import TrackerNotFoundRoute from './not-found';

/** /tracker/submissions/:id — a review-mode submission's status; an id that is not one shows the tracker's 404. */
export default function SubmissionRoute() {
  const { id = '' } = useParams();
  usePageTitle('Submitted Match');
  const notFound = <TrackerNotFoundRoute />;
  if (!SUBMISSION_ID_PATTERN.test(id)) return notFound;
  return <SubmissionStatusScreen submissionId={id} notFound={notFound} />;
}
