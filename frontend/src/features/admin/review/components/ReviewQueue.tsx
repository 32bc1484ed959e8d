import { Alert, Button, Card, Empty, Segmented, Skeleton } from 'antd';
import type { Submission, SubmissionStatus } from '@team/contracts';
import { useEffect, useState } from 'react';
import { serverErrorMessage } from '@/lib/api';
import { useToast } from '@/components/ui/toast';
import { AdminScreenHeader } from '../../shared/AdminScreenHeader';
import { useApproveSubmissionMutation, useGetSubmissionsQuery, useRejectSubmissionMutation } from '../api/review';
import { RejectDialog } from './RejectDialog';
import { SubmissionCard } from './SubmissionCard';
import '../review.css';

const VIEWS: { value: SubmissionStatus; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
];

export interface ReviewQueueProps {
  onLogout: () => void;
  handleAdminError: (error: unknown) => boolean;
}

/** /admin/review (moderator): the matches visitors submitted, oldest first; approving records one (rated then). */
export function ReviewQueue({ onLogout, handleAdminError }: ReviewQueueProps) {
  const { toast } = useToast();
  const [view, setView] = useState<SubmissionStatus>('pending');
  const queue = useGetSubmissionsQuery(view, { refetchOnMountOrArgChange: true });
  const [approve, approving] = useApproveSubmissionMutation();
  const [reject, rejecting] = useRejectSubmissionMutation();
  const [rejectingOne, setRejectingOne] = useState<Submission | null>(null);
  const { error } = queue;
  useEffect(() => {
    if (error) handleAdminError(error);
  }, [error, handleAdminError]);

  const failed = (failure: unknown, fallback: string) => {
    if (!handleAdminError(failure)) toast({ title: 'Error', description: serverErrorMessage(failure, fallback), variant: 'destructive' });
  };
  const approveOne = async (submission: Submission) => {
    try {
      const approved = await approve(submission.id).unwrap();
      toast({ title: 'Submission approved', description: `Recorded as match #${approved.match.matchId}: ratings are updated.` });
    } catch (failure) {
      failed(failure, 'Failed to approve the submission');
    }
  };
  const rejectOne = async (submission: Submission, reason: string) => {
    try {
      await reject({ id: submission.id, reason }).unwrap();
      setRejectingOne(null);
      toast({ title: 'Submission rejected', description: 'The submitter sees your reason on its status page.' });
    } catch (failure) {
      failed(failure, 'Failed to reject the submission');
    }
  };

  const list = queue.data?.submissions ?? [];
  return (
    <div>
      <AdminScreenHeader title="Review Queue" subtitle="Matches visitors submitted. Approve to record one (it is rated then), or reject it with a reason." onLogout={onLogout} />
      <Segmented<SubmissionStatus> options={VIEWS} value={view} onChange={setView} aria-label="Which submissions" className="review-views" />
      <Card size="small" role="region" aria-label="Submissions" className="review-section">
        {queue.isLoading && <Skeleton active />}
        {queue.isError && !queue.data && (
          <Alert
            type="error"
            showIcon
            title={serverErrorMessage(queue.error, 'Failed to load the submissions')}
            action={
              <Button size="small" onClick={() => queue.refetch()}>
                Retry
              </Button>
            }
          />
        )}
        {queue.data && list.length === 0 && <Empty description={view === 'pending' ? 'Nothing is waiting for review.' : `No ${view} submissions.`} />}
        <div className="review-list">
          {list.map((submission) => (
            <SubmissionCard
              key={submission.id}
              submission={submission}
              busy={approving.isLoading || rejecting.isLoading}
              onApprove={(one) => void approveOne(one)}
              onReject={setRejectingOne}
            />
          ))}
        </div>
      </Card>
      {rejectingOne && (
        <RejectDialog submission={rejectingOne} busy={rejecting.isLoading} onReject={(reason) => void rejectOne(rejectingOne, reason)} onCancel={() => setRejectingOne(null)} />
      )}
    </div>
  );
}
