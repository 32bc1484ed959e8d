import { Alert, Button } from 'antd';
import { serverErrorMessage } from '@/lib/api';

/** A read that failed, in the server's words (or `fallback`), with Retry beside it. */
export function LoadFailed({ error, fallback, onRetry }: { error: unknown; fallback: string; onRetry: () => void }) {
  return (
    <Alert
      type="error"
      showIcon
      title={serverErrorMessage(error, fallback)}
      action={
        <Button size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    />
  );
}
