import { Alert, App, Button, Card, Input, InputNumber } from 'antd';
import { DEFAULT_SOFT_RESET_PERCENT, MAX_SEASON_NAME_LENGTH, seasonNameProblem } from '@team/contracts';
import { useId, useState, type FormEvent } from 'react';
import { serverErrorMessage } from '@/lib/api';
import { useToast } from '@/components/ui/toast';
import { useStartSeasonMutation } from '../api/seasons-admin';
import { softResetText, startSeasonConfirmText } from '../start-season-text';

export interface StartSeasonFormProps {
  /** The season that ends when this one starts; null before the first match. */
  currentName: string | null;
  handleAdminError: (error: unknown) => boolean;
}

/** "Start new season": a name and a soft reset (0–100 %), sent after a confirm that says what ends and what moves. */
export function StartSeasonForm({ currentName, handleAdminError }: StartSeasonFormProps) {
  const id = useId();
  const { modal } = App.useApp();
  const { toast } = useToast();
  const [startSeason, { isLoading }] = useStartSeasonMutation();
  const [name, setName] = useState('');
  const [percent, setPercent] = useState<number>(DEFAULT_SOFT_RESET_PERCENT);
  const [serverError, setServerError] = useState<string | null>(null);
  const trimmed = name.trim();
  // A blank name only disables the button; anything else the rules refuse is said under the field.
  const nameProblem = trimmed ? seasonNameProblem(name) : null;

  const send = async () => {
    setServerError(null);
    try {
      const { season, ratingsMoved } = await startSeason({ name: trimmed, softResetPercent: percent }).unwrap();
      toast({
        title: 'Season started',
        description: `${season.name} is the current season; the soft reset moved ${ratingsMoved} ${ratingsMoved === 1 ? 'rating' : 'ratings'}.`,
      });
      setName('');
      setPercent(DEFAULT_SOFT_RESET_PERCENT);
    } catch (failure) {
      if (!handleAdminError(failure)) setServerError(serverErrorMessage(failure, 'Failed to start the season'));
    }
  };

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed || nameProblem) return;
    modal.confirm({
      title: `Start ${trimmed}?`,
      content: startSeasonConfirmText(currentName, trimmed, percent),
      okText: 'Start season',
      cancelText: 'Cancel',
      onOk: send,
    });
  };

  return (
    <Card title="Start new season" role="region" aria-label="Start new season" className="seasons-start">
      <form onSubmit={confirm} className="admin-fields">
        <div className="admin-field-row">
          <div className="admin-field">
            <label className="admin-field-label" htmlFor={`${id}-name`}>
              Season name
            </label>
            <Input
              id={`${id}-name`}
              value={name}
              maxLength={MAX_SEASON_NAME_LENGTH}
              status={nameProblem ? 'error' : undefined}
              aria-describedby={nameProblem ? `${id}-name-problem` : undefined}
              onChange={(event) => setName(event.target.value)}
              placeholder="Spring Split"
            />
            {nameProblem && (
              <p id={`${id}-name-problem`} className="admin-field-hint seasons-problem">
                {nameProblem}
              </p>
            )}
          </div>
          <div className="admin-field">
            <label className="admin-field-label" htmlFor={`${id}-reset`}>
              Soft reset (%)
            </label>
            <InputNumber
              id={`${id}-reset`}
              min={0}
              max={100}
              precision={0}
              value={percent}
              onChange={(value) => setPercent(value ?? DEFAULT_SOFT_RESET_PERCENT)}
              aria-describedby={`${id}-reset-hint`}
              style={{ width: '100%' }}
            />
            <p id={`${id}-reset-hint`} className="admin-field-hint">
              {softResetText(percent)}
            </p>
          </div>
        </div>
        {serverError && <Alert type="error" showIcon title={serverError} />}
        <div>
          <Button type="primary" htmlType="submit" disabled={!trimmed || Boolean(nameProblem)} loading={isLoading}>
            Start new season
          </Button>
        </div>
      </form>
    </Card>
  );
}
