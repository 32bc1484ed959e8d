import type { MouseEvent } from 'react';
import { submissionPath } from '@/lib/paths';

export interface SubmissionSentDescriptionProps {
  submissionId: string;
  /** Opens a path in the app (the toasts are drawn outside the router); the link stays a real link for a new tab. */
  open: (path: string) => void;
}

/** The toast after a review-mode submission: it waits for a moderator, and where to follow it. */
export function SubmissionSentDescription({ submissionId, open }: SubmissionSentDescriptionProps) {
  const path = submissionPath(submissionId);
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    open(path);
  };
  return (
    <>
      A moderator reviews it before it counts.{' '}
      <a href={path} onClick={follow} className="match-recorded-link">
        View status
      </a>
    </>
  );
}
