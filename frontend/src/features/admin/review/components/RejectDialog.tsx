import { Input, Modal } from 'antd';
import { MAX_REJECT_REASON_LENGTH, type Submission } from '@team/contracts';
import { useId, useState } from 'react';

export interface RejectDialogProps {
  submission: Submission;
  busy: boolean;
  onReject: (reason: string) => void;
  onCancel: () => void;
}

/** Rejecting needs a reason: the submitter's status page shows it. */
export function RejectDialog({ submission, busy, onReject, onCancel }: RejectDialogProps) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const problem = tried && reason.trim() === '' ? 'Give a reason: the submitter sees it.' : null;
  return (
    <Modal
      open
      title="Reject this submission?"
      okText="Reject"
      okButtonProps={{ danger: true, loading: busy }}
      cancelText="Cancel"
      onCancel={onCancel}
      onOk={() => {
        setTried(true);
        if (reason.trim() !== '') onReject(reason.trim());
      }}
      destroyOnHidden
    >
      <div className="admin-field">
        <label className="admin-field-label" htmlFor={`${id}-reason`}>
          Reason
        </label>
        <Input.TextArea
          id={`${id}-reason`}
          value={reason}
          maxLength={MAX_REJECT_REASON_LENGTH}
          onChange={(event) => setReason(event.target.value)}
          autoSize={{ minRows: 2, maxRows: 6 }}
          status={problem ? 'error' : undefined}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          placeholder={`Why ${submission.match.team1[0]?.username ?? 'this'}'s match is not recorded`}
        />
        {problem && (
          <p id={`${id}-problem`} className="admin-field-hint review-problem" role="alert">
            {problem}
          </p>
        )}
      </div>
    </Modal>
  );
}
