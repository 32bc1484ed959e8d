import { InvalidInputError } from '../shared/domain-errors.js';
import { nonPublicTarget } from './delivery/address-guard.js';

/**
 * The server's own checks of a webhook URL, which the contract's shape check cannot make: https
 * (http only with WEBHOOK_ALLOW_PRIVATE, for LAN setups), and a host that resolves to public
 * addresses only. Deliveries check the address again at every connection.
 */
export async function checkWebhookUrl(raw: string, allowPrivate: boolean): Promise<void> {
  const url = new URL(raw);
  if (url.protocol !== 'https:' && !allowPrivate) {
    throw new InvalidInputError('The webhook URL must use https.', [`url: ${url.protocol}// is not allowed; use https://`]);
  }
  const problem = await nonPublicTarget(url, allowPrivate);
  if (problem) throw new InvalidInputError('The webhook URL must point to a public address.', [`url: ${problem}`]);
}

export const WEBHOOK_ID_PATTERN = /^w[0-9a-f]{12}$/;

export function webhookIdParam(raw: string): string {
  if (!WEBHOOK_ID_PATTERN.test(raw)) throw new InvalidInputError('The webhook id must look like w0123456789ab (w and 12 hex digits).');
  return raw;
}
