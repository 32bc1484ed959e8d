import { Button, Card, Input, Radio, Select } from 'antd';
import { WEBHOOK_EVENT_NAMES, webhookUrlShapeProblem, type CreatedWebhook, type WebhookEventName, type WebhookKind } from '@team/contracts';
import { useId, useState, type FormEvent } from 'react';
import { serverErrorMessage } from '@/lib/api';
import { useToast } from '@/components/ui/toast';
import { useCreateWebhookMutation } from '../api/webhooks';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_KIND_LABELS } from '../webhook-labels';

const EVENT_OPTIONS = WEBHOOK_EVENT_NAMES.map((name) => ({ value: name, label: WEBHOOK_EVENT_LABELS[name] }));

function detailsOf(error: unknown): string[] {
  const data = (error as { data?: { details?: unknown } } | undefined)?.data;
  return Array.isArray(data?.details) ? data.details.filter((detail): detail is string => typeof detail === 'string') : [];
}

export interface CreateWebhookFormProps {
  onCreated: (created: CreatedWebhook) => void;
  handleAdminError: (error: unknown) => boolean;
}

/** A new webhook: where to, which kind, and which events. */
export function CreateWebhookForm({ onCreated, handleAdminError }: CreateWebhookFormProps) {
  const id = useId();
  const { toast } = useToast();
  const [createWebhook, { isLoading }] = useCreateWebhookMutation();
  const [url, setUrl] = useState('');
  const [kind, setKind] = useState<WebhookKind>('discord');
  const [events, setEvents] = useState<WebhookEventName[]>(['match-recorded']);
  const [checked, setChecked] = useState(false);

  const urlProblem = checked ? (url.trim() === '' ? 'Enter the webhook URL.' : webhookUrlShapeProblem(url.trim())) : null;
  const eventsProblem = checked && events.length === 0 ? 'Choose at least one event.' : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (url.trim() === '' || webhookUrlShapeProblem(url.trim()) || events.length === 0 || isLoading) return;
    try {
      const created = await createWebhook({ url: url.trim(), kind, events }).unwrap();
      toast({ title: 'Webhook created', description: `Deliveries go to ${created.webhook.url}.` });
      setUrl('');
      setChecked(false);
      onCreated(created);
    } catch (failure) {
      if (handleAdminError(failure)) return;
      toast({ title: 'Error', description: [serverErrorMessage(failure, 'Failed to create the webhook'), ...detailsOf(failure)].join(' '), variant: 'destructive' });
    }
  };

  return (
    <Card title="Create a webhook" size="small" role="region" aria-label="Create a webhook" className="webhooks-section">
      <form onSubmit={submit} className="admin-fields" aria-label="Create a webhook" noValidate>
        <div className="admin-field">
          <label className="admin-field-label" htmlFor={`${id}-url`}>
            URL
          </label>
          <Input
            id={`${id}-url`}
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            placeholder="https://discord.com/api/webhooks/…"
            status={urlProblem ? 'error' : undefined}
            aria-invalid={urlProblem ? true : undefined}
            aria-describedby={urlProblem ? `${id}-url-problem` : `${id}-url-hint`}
          />
          {urlProblem ? (
            <div id={`${id}-url-problem`} className="admin-field-hint webhooks-problem" role="alert">
              {urlProblem}
            </div>
          ) : (
            <div id={`${id}-url-hint`} className="admin-field-hint">
              An https address on the internet. For Discord: the channel's Integrations → Webhooks → Copy Webhook URL.
            </div>
          )}
        </div>
        <fieldset className="admin-field webhooks-kind">
          <legend className="admin-field-label">Kind</legend>
          <Radio.Group value={kind} onChange={(event) => setKind(event.target.value as WebhookKind)}>
            {(['discord', 'generic'] as const).map((value) => (
              <Radio key={value} value={value}>
                {WEBHOOK_KIND_LABELS[value]}
              </Radio>
            ))}
          </Radio.Group>
        </fieldset>
        <div className="admin-field">
          <label className="admin-field-label" htmlFor={`${id}-events`}>
            Events
          </label>
          <Select
            id={`${id}-events`}
            mode="multiple"
            value={events}
            options={EVENT_OPTIONS}
            onChange={(next: WebhookEventName[]) => setEvents(next)}
            status={eventsProblem ? 'error' : undefined}
            aria-label="Events"
          />
          {eventsProblem && (
            <div className="admin-field-hint webhooks-problem" role="alert">
              {eventsProblem}
            </div>
          )}
        </div>
        <div>
          <Button type="primary" htmlType="submit" loading={isLoading}>
            Create webhook
          </Button>
        </div>
      </form>
    </Card>
  );
}
